/**
 * The print agent's printer side: plain data in (a printer address, a PDF's bytes, print options), plain
 * data out (capabilities, what a printer would not do, job states); and its connection side: pairing with
 * a shop and running against the Counterprint server.
 */
export { CommandQueue } from './commands.js';
export { type AgentConfig, ConfigError, configPath, readConfig, writeConfig } from './config.js';
export { PrinterAddressError, PrinterAnswerError, PrinterUnreachableError } from './ipp.js';
export { Journal, type JournalEntry, JournalError, type JournalKey, type JournalOutcome } from './journal.js';
export { type OnceResult, printOnce } from './once.js';
export { pairAgent } from './pair.js';
export { mediaForPaper, paperForMedia } from './paper.js';
export { type PrintOption, type PrintOptions, type PrintResult, printDocument, type UnsupportedOption } from './print.js';
export { describePrinter, type PrinterCapabilities, type PrinterState } from './printers.js';
export { EXIT_REVOKED, REVOKED_MESSAGE, type RunningAgent, type RunOptions, runAgent } from './run.js';
export { DeviceApi, DeviceRevokedError, ServerRefusedError, ServerUnreachableError } from './server.js';
export { isFinal, type JobEvent, type JobState, type WatchOptions, watchJob } from './watch.js';
