import { describe, expect, it } from 'vitest';
import { fileStateText, type PublicJobFile, SENT_AS_IS } from './jobWords';

const file = (over: Partial<PublicJobFile>) => ({ conversion: 'none', conversionError: null, pages: null, ...over }) as PublicJobFile;

describe('fileStateText', () => {
  it('says a document is being prepared, then its pages', () => {
    expect(fileStateText(file({ conversion: 'converting' }))?.text).toBe('Preparing…');
    expect(fileStateText(file({ conversion: 'converted', pages: 7 }))?.text).toBe('7 pages');
    expect(fileStateText(file({ conversion: 'none', pages: 1 }))?.text).toBe('1 page');
  });

  it('tells the customer a document this server cannot convert is still sent, and why it has no pages', () => {
    expect(fileStateText(file({ conversion: 'unavailable' }))).toEqual({ text: SENT_AS_IS });
  });

  it('gives the reason of a failed conversion in the customer’s words', () => {
    const state = fileStateText(file({ conversion: 'failed', conversionError: 'password-protected' }));
    expect(state?.failed).toBe(true);
    expect(state?.text).toMatch(/protected by a password/);
  });

  it('says nothing while there is nothing to say', () => {
    expect(fileStateText(file({ conversion: 'none' }))).toBeNull();
    expect(fileStateText(undefined)).toBeNull();
  });
});
