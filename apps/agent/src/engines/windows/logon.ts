import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Starting the agent at logon without administrator rights: a command file in the user's own Startup folder
 * (docs/decisions/074-windows-package-and-engine.md says why not a scheduled task). Pure functions build the
 * file; installAtLogon and removeFromLogon write and delete it.
 */

export const STARTUP_FILE_NAME = 'Counterprint agent.cmd';

export class LogonInstallError extends Error {
  override name = 'LogonInstallError';
}

/** The user's Startup folder, from %APPDATA% (per user: no administrator rights needed). */
export function startupFolder(env: NodeJS.ProcessEnv): string {
  const appData = env.APPDATA;
  if (!appData) throw new LogonInstallError('APPDATA is not set: install runs on Windows, as the user who prints');
  return path.join(appData, 'Microsoft', 'Windows', 'Start Menu', 'Programs', 'Startup');
}

/**
 * One argument as cmd.exe and then the program's own command-line parser (CommandLineToArgvW rules) read it
 * back: in double quotes, % doubled (cmd expands %NAME% even inside quotes), backslashes before the closing
 * quote doubled. A double quote or a line break cannot be carried safely and is refused.
 */
export function cmdArgument(arg: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/["\u0000-\u001f]/.test(arg)) {
    throw new LogonInstallError(`Cannot start at logon with an argument holding a quote or a line break: ${arg.slice(0, 60)}`);
  }
  const trailing = /\\*$/.exec(arg)?.[0] ?? '';
  return `"${arg.replaceAll('%', '%%')}${trailing}"`;
}

/** The Startup command file: starts `exe run ARGS…` minimised in its own window, titled so staff can find it. */
export function startupScript(exe: string, runArgs: string[]): string {
  if (!path.win32.isAbsolute(exe)) throw new LogonInstallError('The agent must be named by its absolute path');
  const command = [exe, 'run', ...runArgs].map(cmdArgument).join(' ');
  return [
    '@echo off',
    // cmd.exe reads the lines that follow in the console's code page: UTF-8 keeps non-Latin folder names.
    'chcp 65001 >nul',
    'rem Counterprint print agent, added by "counterprint-agent install"; "counterprint-agent uninstall" removes it.',
    `start "Counterprint agent" /min ${command}`,
    '',
  ].join('\r\n');
}

export type LogonDeps = { env?: NodeJS.ProcessEnv; platform?: NodeJS.Platform };

/** Writes the Startup command file; returns its path. Run again, it replaces the file. */
export async function installAtLogon(exe: string, runArgs: string[], deps: LogonDeps = {}): Promise<string> {
  const folder = windowsStartupFolder(deps);
  const script = startupScript(exe, runArgs);
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, STARTUP_FILE_NAME);
  await writeFile(file, script, 'utf8');
  return file;
}

/** Deletes the Startup command file; true if there was one. */
export async function removeFromLogon(deps: LogonDeps = {}): Promise<boolean> {
  const file = path.join(windowsStartupFolder(deps), STARTUP_FILE_NAME);
  const had = await rm(file).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  return had;
}

function windowsStartupFolder(deps: LogonDeps): string {
  if ((deps.platform ?? process.platform) !== 'win32') {
    throw new LogonInstallError(
      'install and uninstall are for Windows; elsewhere start "counterprint-agent run" from your service manager',
    );
  }
  return startupFolder(deps.env ?? process.env);
}
