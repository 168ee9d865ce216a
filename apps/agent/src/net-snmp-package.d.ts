// The net-snmp package ships no types; these are the parts the page counter uses (its README, "Using This Module").
declare module 'net-snmp' {
  type Varbind = { oid: string; type: number; value: unknown };
  type Session = {
    get(oids: string[], callback: (error: Error | null, varbinds: Varbind[]) => void): void;
    close(): void;
    on(event: 'error', listener: (error: Error) => void): void;
  };
  const snmp: {
    Version2c: number;
    createSession(
      target: string,
      community: string,
      options?: { port?: number; retries?: number; timeout?: number; version?: number },
    ): Session;
    isVarbindError(varbind: Varbind): boolean;
    varbindError(varbind: Varbind): string;
  };
  export default snmp;
}
