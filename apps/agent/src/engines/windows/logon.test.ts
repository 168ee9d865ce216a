import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmdArgument, installAtLogon, LogonInstallError, removeFromLogon, STARTUP_FILE_NAME, startupScript } from './logon.js';

const EXE = 'C:\\Users\\Ravi\\AppData\\Local\\Counterprint\\counterprint-agent.exe';

describe('the Startup command file', () => {
  it('starts the agent minimised with its run arguments, each quoted', () => {
    expect(startupScript(EXE, ['--printer', 'Canon LBP2900'])).toBe(
      '@echo off\r\n' +
        'chcp 65001 >nul\r\n' +
        'rem Counterprint print agent, added by "counterprint-agent install"; "counterprint-agent uninstall" removes it.\r\n' +
        'start "Counterprint agent" /min ' +
        '"C:\\Users\\Ravi\\AppData\\Local\\Counterprint\\counterprint-agent.exe" "run" "--printer" "Canon LBP2900"\r\n',
    );
  });

  it.each([
    ['Canon LBP2900 & Co', '"Canon LBP2900 & Co"'],
    ['100% Copier %PATH%', '"100%% Copier %%PATH%%"'],
    ['प्रिंटर कक्ष', '"प्रिंटर कक्ष"'],
    ["Ravi's ^ copier | > nul !x!", '"Ravi\'s ^ copier | > nul !x!"'],
    ['C:\\Shop Data\\', '"C:\\Shop Data\\\\"'],
    ['\\\\SHOP-PC\\Canon', '"\\\\SHOP-PC\\Canon"'],
  ])('carries %j as one argument: %s', (arg, quoted) => {
    expect(cmdArgument(arg)).toBe(quoted);
  });

  it.each(['HP "Front"', 'two\r\nlines', 'nul\u0000'])('refuses %j, which cannot cross a command line safely', (arg) => {
    expect(() => cmdArgument(arg)).toThrow(LogonInstallError);
    expect(() => startupScript(EXE, ['--printer', arg])).toThrow(LogonInstallError);
  });

  it('refuses a relative path for the agent', () => {
    expect(() => startupScript('counterprint-agent.exe', [])).toThrow('absolute path');
  });
});

describe('install and uninstall', () => {
  let appData: string;
  beforeAll(async () => {
    appData = await mkdtemp(path.join(tmpdir(), 'counterprint-appdata-'));
  });
  afterAll(async () => {
    if (appData) await rm(appData, { recursive: true, force: true });
  });
  const deps = () => ({ env: { APPDATA: appData }, platform: 'win32' as const });

  it("writes the file into the user's own Startup folder, replaces it when run again, and uninstall removes it", async () => {
    const file = await installAtLogon(EXE, ['--printer', 'Old'], deps());
    expect(file).toBe(path.join(appData, 'Microsoft', 'Windows', 'Start Menu', 'Programs', 'Startup', STARTUP_FILE_NAME));
    await installAtLogon(EXE, ['--printer', 'Canon LBP2900'], deps());
    expect(await readFile(file, 'utf8')).toBe(startupScript(EXE, ['--printer', 'Canon LBP2900']));
    expect(await removeFromLogon(deps())).toBe(true);
    await expect(readFile(file)).rejects.toThrow('ENOENT');
    expect(await removeFromLogon(deps())).toBe(false);
  });

  it('writes nothing for an argument it cannot carry', async () => {
    await expect(installAtLogon(EXE, ['--printer', 'a"b'], deps())).rejects.toThrow(LogonInstallError);
    expect(await removeFromLogon(deps())).toBe(false);
  });

  it('says where it runs: Windows, with APPDATA', async () => {
    await expect(installAtLogon(EXE, [], { env: { APPDATA: appData }, platform: 'linux' })).rejects.toThrow(
      'install and uninstall are for Windows',
    );
    await expect(removeFromLogon({ env: {}, platform: 'win32' })).rejects.toThrow('APPDATA is not set');
  });
});
