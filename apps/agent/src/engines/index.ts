import { type CupsOptions, cupsEngine } from './cups/cups.js';
import type { Engines } from './engine.js';
import { ippEngine } from './ipp.js';
import { type WindowsEngineDeps, windowsEngine } from './windows/engine.js';

/**
 * The engines this agent prints with. The Windows engine only on Windows: elsewhere there is no spooler
 * or SumatraPDF, and a windows: printer is refused with a clear message.
 */
export function defaultEngines(options: { cups?: CupsOptions; windows?: WindowsEngineDeps; platform?: NodeJS.Platform } = {}): Engines {
  const onWindows = (options.platform ?? process.platform) === 'win32';
  return { ipp: ippEngine, cups: cupsEngine(options.cups), ...(onWindows ? { windows: windowsEngine(options.windows) } : {}) };
}
