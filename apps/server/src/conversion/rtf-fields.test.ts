import { describe, expect, it } from 'vitest';
import { withoutFileFields } from './rtf-fields.js';

const strip = (rtf: string) => withoutFileFields(Buffer.from(rtf, 'latin1')).toString('latin1');
const field = (instruction: string) => `{\\rtf1 A {\\field{\\*\\fldinst ${instruction}}{\\fldrslt shown}} B\\par}`;

describe('withoutFileFields', () => {
  it.each([
    ['INCLUDEPICTURE "/srv/data/blobs/x.png" \\\\d'],
    ['includetext "/etc/passwd"'],
    ['IMPORT /srv/x.pdf'],
    ['LINK Excel.Sheet.8 "/srv/book.xls" "" \\\\a'],
    ['DDEAUTO c:\\\\windows\\\\system32\\\\cmd.exe "/c calc"'],
    ['{\\b INCLUDE}{PICTURE "/srv/x.png"}'],
    ['\\\'49NCLUDEPICTURE "/srv/x.png"'],
    ['\\u73?NCLUDEPICTURE "/srv/x.png"'],
  ])('empties the instruction %s and keeps the stored result', (instruction) => {
    const out = strip(field(instruction));
    expect(out).toBe('{\\rtf1 A {\\field{\\*\\fldinst }{\\fldrslt shown}} B\\par}');
  });

  it('leaves fields that read nothing, and the rest of the document, byte for byte', () => {
    const rtf = `${field('PAGE')}${field('DATE \\\\@ "d MMMM yyyy"')}`;
    expect(strip(rtf)).toBe(rtf);
    const plain = Buffer.from('{\\rtf1 INCLUDEPICTURE as text \\par}', 'latin1');
    expect(withoutFileFields(plain)).toBe(plain);
  });

  it('empties an instruction left unclosed to the end of the file', () => {
    expect(strip('{\\rtf1 {\\field{\\*\\fldinst INCLUDEPICTURE "/srv/x.png"')).toBe('{\\rtf1 {\\field{\\*\\fldinst }');
  });
});
