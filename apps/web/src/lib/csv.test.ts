import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it('doubles quotes and quotes the cell', () => {
    expect(csvCell('Asha "AK" Kumar')).toBe('"Asha ""AK"" Kumar"');
  });

  it('quotes cells with commas, line breaks or edge spaces, and leaves plain ones bare', () => {
    expect(csvCell('1 Main Rd, Pune')).toBe('"1 Main Rd, Pune"');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
  });

  it.each(['=1+2', '+91 98765 43210', '-5', '@SUM(A1)'])('neutralises %s with a leading apostrophe', (value) => {
    expect(csvCell(value)).toBe(`'${value}`);
  });

  it('neutralises before quoting, so a formula with a comma stays one harmless cell', () => {
    expect(csvCell('=HYPERLINK("http://x", "y")')).toBe(`"'=HYPERLINK(""http://x"", ""y"")"`);
  });

  it('joins records with CRLF, header first', () => {
    expect(toCsv(['A', 'B'], [['1', '2']])).toBe('A,B\r\n1,2');
  });
});
