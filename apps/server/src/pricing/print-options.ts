import {
  defaultPrintOptions,
  paperNotOfferedMessage,
  parseUploadOptions,
  printOptionsErrorMessage,
  printOptionsFor,
  shopPapers,
  type TPrintOptions,
  type TPrintOptionsUpdate,
} from '@counterprint/contract';
import { badRequest, notFound } from '../http/errors.js';

/** What a shop lets its customers ask for: `auto` colour when it detects colour, and its paper sizes. */
export type PrintChoices = { colorDetection: boolean; papers: string[] };

/** The shop's colour detection and the papers its rate card offers, as of now. */
export const printChoicesOf = (shop: { colorDetection: boolean }, rates: Parameters<typeof shopPapers>[0]): PrintChoices => ({
  colorDetection: shop.colorDetection,
  papers: shopPapers(rates),
});

const invalidOptions = (message: string) => badRequest(message, 'INVALID_PRINT_OPTIONS');

/** The shop's spelling of a paper it offers, or undefined when it offers no such paper. */
const offeredPaper = (choices: PrintChoices, paper: string) => choices.papers.find((p) => p.toLowerCase() === paper.toLowerCase());

/** Options already read by the contract's schema, checked against the shop's papers; the message names the file. */
function withShopPaper(options: TPrintOptions, fileName: string, choices: PrintChoices): TPrintOptions {
  const paper = offeredPaper(choices, options.paper);
  if (!paper) throw invalidOptions(`${fileName}: ${paperNotOfferedMessage(choices.papers)}`);
  return { ...options, paper };
}

/**
 * Each file's print options from an upload's `options` field: one object per file, in order, defaults
 * filled in; none given, every file takes the defaults. Any error is a 400 naming the file and the
 * field, and the caller discards what was stored.
 */
export function uploadOptionsOf(
  upload: { optionsText?: string; files: readonly { originalName: string }[] },
  choices: PrintChoices,
): TPrintOptions[] {
  const parsed = parseUploadOptions(upload.optionsText, choices);
  if (!parsed.ok) {
    const [first] = parsed.errors;
    const name = first!.fileIndex === null ? undefined : upload.files[first!.fileIndex]?.originalName;
    throw invalidOptions(printOptionsErrorMessage(name, first!));
  }
  if (parsed.options.length === 0) return upload.files.map(() => defaultPrintOptions(choices));
  if (parsed.options.length !== upload.files.length) {
    throw invalidOptions(`options must have one entry per file: ${upload.files.length} files, ${parsed.options.length} entries`);
  }
  return parsed.options.map((o, i) => withShopPaper(o, upload.files[i]!.originalName, choices));
}

/** One file's whole options as staff or the customer send them (PUT …/options), read as at upload. */
function optionsForFile(input: unknown, fileName: string, choices: PrintChoices): TPrintOptions {
  const parsed = printOptionsFor(choices).safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidOptions(
      printOptionsErrorMessage(fileName, { fileIndex: null, field: String(issue.path[0] ?? 'options'), message: issue.message }),
    );
  }
  return withShopPaper(parsed.data, fileName, choices);
}

export type OptionChange = { fileId: string; options: TPrintOptions };

/** A change of options, file by file, read against the job's live files and the shop's choices: all or nothing. */
export function optionChangesOf(
  files: readonly { id: string; originalName: string }[],
  input: TPrintOptionsUpdate,
  choices: PrintChoices,
): OptionChange[] {
  return input.files.map(({ fileId, options }) => {
    const file = files.find((f) => f.id === fileId);
    if (!file) throw notFound('That file is not in this job', 'FILE_NOT_FOUND');
    return { fileId, options: optionsForFile(options, file.originalName, choices) };
  });
}
