import { upiNote, upiPayLink } from '@counterprint/contract';
import { describe, expect, it } from 'vitest';

const link = (over: Partial<Parameters<typeof upiPayLink>[0]> = {}) =>
  upiPayLink({
    vpa: 'sharma@okhdfcbank',
    payee: 'Sharma Prints',
    amountPaise: 1250,
    reference: 'CP12J0A1B2C3D4E',
    note: 'Job #12 at Sharma Prints',
    ...over,
  });

describe('the upi://pay link', () => {
  it('carries pa, pn, am, cu, tr and tn in that order, the VPA with its @', () => {
    expect(link()).toBe(
      'upi://pay?pa=sharma@okhdfcbank&pn=Sharma%20Prints&am=12.50&cu=INR&tr=CP12J0A1B2C3D4E&tn=Job%20%2312%20at%20Sharma%20Prints',
    );
  });

  it('encodes spaces, ampersands and Devanagari as UTF-8, so no name can add a parameter', () => {
    const url = link({ payee: 'Sharma & Sons', note: upiNote(7, 'शर्मा प्रिंट्स') });
    expect(url).toContain('pn=Sharma%20%26%20Sons&');
    expect(url).toContain(`tn=Job%20%237%20at%20${encodeURIComponent('शर्मा प्रिंट्स')}`);
    expect(url).toContain('%E0%A4%B6'); // श in UTF-8
    const params = new URL(url.replace('upi://pay', 'https://x/pay')).searchParams;
    expect([...params.keys()]).toEqual(['pa', 'pn', 'am', 'cu', 'tr', 'tn']);
    expect(params.get('pn')).toBe('Sharma & Sons');
    expect(params.get('tn')).toBe('Job #7 at शर्मा प्रिंट्स');
  });

  it('writes amounts in rupees with two digits of paise', () => {
    expect(link({ amountPaise: 5 })).toContain('&am=0.05&');
    expect(link({ amountPaise: 100 })).toContain('&am=1.00&');
    expect(link({ amountPaise: 123456 })).toContain('&am=1234.56&');
  });

  it('cuts a long note at 50 characters without splitting a character', () => {
    const note = upiNote(123, 'श'.repeat(80));
    const tn = new URL(link({ note }).replace('upi://pay', 'https://x/pay')).searchParams.get('tn')!;
    expect([...tn]).toHaveLength(50);
    expect(tn.startsWith('Job #123 at श')).toBe(true);
  });

  it('never cuts a Devanagari conjunct in two: the last whole letter that fits ends the note', () => {
    // "Job #117 at " is 12 code points; each क्ष is 3 (क, virama, ष): 12 fit, leaving room for 2 code
    // points, exactly a half letter (क्) that a cut by code points or by a virama-blind segmenter would keep.
    const note = upiNote(117, 'क्ष'.repeat(20));
    const tn = new URL(link({ note }).replace('upi://pay', 'https://x/pay')).searchParams.get('tn')!;
    expect(tn).toBe(`Job #117 at ${'क्ष'.repeat(12)}`);
    expect([...tn].length).toBeLessThanOrEqual(50);
    expect(tn.endsWith('्')).toBe(false);
  });
});
