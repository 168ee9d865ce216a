/** The agent's version, as package.json says (version.test.ts holds them equal); the Windows package prints it. */
export const AGENT_VERSION = '0.1.0';
