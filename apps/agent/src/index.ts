/**
 * The print agent's printer side, for the connection to the Counterprint server to call: plain data in
 * (a printer address, a PDF's bytes, print options), plain data out (capabilities, what a printer would
 * not do, job states).
 */
export { PrinterAddressError, PrinterAnswerError, PrinterUnreachableError } from './ipp.js';
export { Journal, type JournalEntry, JournalError, type JournalKey } from './journal.js';
export { type OnceResult, printOnce } from './once.js';
export { mediaForPaper, paperForMedia } from './paper.js';
export { type PrintOption, type PrintOptions, type PrintResult, printDocument, type UnsupportedOption } from './print.js';
export { describePrinter, type PrinterCapabilities, type PrinterState } from './printers.js';
export { isFinal, type JobEvent, type JobState, type WatchOptions, watchJob } from './watch.js';
