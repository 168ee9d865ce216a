/**
 * Field instructions that make Word or LibreOffice read another file or program into the document
 * (INCLUDEPICTURE, INCLUDETEXT, IMPORT, LINK, DDE and DDEAUTO). HYPERLINK contains LINK: a link prints as its text anyway.
 */
const READS_FILES = /INCLUDEPICTURE|INCLUDETEXT|IMPORT|LINK|DDE/;

/**
 * The RTF with every field instruction that names another file emptied (`{\*\fldinst }`); the
 * field's stored result (`\fldrslt`) still prints. The instruction's text is read as LibreOffice
 * would, with `\'hh` escapes decoded, and judged on its letters alone, so spacing, case, groups and
 * escapes inside the keyword do not hide it. One with a `\uN` escape is emptied whatever it says: what
 * follows such an escape is skipped by a count `\ucN` sets, which this does not follow (docs/decisions/055-office-sandbox-sees-only-its-folder.md).
 */
export function withoutFileFields(rtf: Buffer): Buffer {
  const text = rtf.toString('latin1');
  const cuts = fileFieldInstructions(text);
  if (cuts.length === 0) return rtf;
  let out = '';
  let at = 0;
  for (const [start, end] of cuts) {
    out += `${text.slice(at, start)}{\\*\\fldinst }`;
    at = end;
  }
  return Buffer.from(out + text.slice(at), 'latin1');
}

/** [start, end) of each outermost `{...\fldinst...}` group whose instruction reads a file, in order. */
function fileFieldInstructions(text: string): [number, number][] {
  const open: { start: number; instruction: boolean }[] = [];
  const cuts: [number, number][] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '{') open.push({ start: i++, instruction: false });
    else if (c === '}') {
      const group = open.pop();
      i++;
      if (group?.instruction && readsFiles(text.slice(group.start, i))) {
        while (cuts.length > 0 && cuts[cuts.length - 1]![0] > group.start) cuts.pop();
        cuts.push([group.start, i]);
      }
    } else if (c === '\\') {
      const word = /^\\([a-zA-Z]+)/.exec(text.slice(i, i + 40));
      if (word?.[1] === 'fldinst' && open.length > 0) open[open.length - 1]!.instruction = true;
      i += word ? word[0].length : 2;
    } else i++;
  }
  // An unclosed instruction group runs to the end of the file, as a reader would take it.
  const unclosed = open.find((g) => g.instruction);
  if (unclosed && readsFiles(text.slice(unclosed.start))) {
    while (cuts.length > 0 && cuts[cuts.length - 1]![0] > unclosed.start) cuts.pop();
    cuts.push([unclosed.start, text.length]);
  }
  return cuts;
}

function readsFiles(instruction: string): boolean {
  return /\\u-?\d/.test(instruction) || READS_FILES.test(letters(instruction));
}

/** The upper-case letters of an RTF fragment's text: `\'hh` decoded, control words and groups dropped. */
function letters(fragment: string): string {
  const decoded = fragment.replace(/\\'([0-9a-fA-F]{2})|\\[a-zA-Z]+-?\d* ?|\\./g, (_, hex?: string) =>
    hex ? String.fromCharCode(Number.parseInt(hex, 16)) : '',
  );
  return decoded.toUpperCase().replace(/[^A-Z]/g, '');
}
