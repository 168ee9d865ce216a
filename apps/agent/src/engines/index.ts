import { type CupsOptions, cupsEngine } from './cups/cups.js';
import type { Engines } from './engine.js';
import { ippEngine } from './ipp.js';

/**
 * The engines this agent prints with. `windows` stays empty here until the Windows engine
 * (engines/windows/) is wired in; a windows: printer is then refused with a clear message.
 */
export function defaultEngines(options: { cups?: CupsOptions } = {}): Engines {
  return { ipp: ippEngine, cups: cupsEngine(options.cups) };
}
