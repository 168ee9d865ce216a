import { describe, expect, it } from 'vitest';
import { mediaForPaper, paperForMedia } from './paper.js';

describe('paper names and IPP media', () => {
  it('knows the rate card’s photo paper, 4x6, both ways: a photo printer can be chosen for it', () => {
    expect(mediaForPaper('4x6')).toBe('na_index-4x6_4x6in');
    expect(paperForMedia('na_index-4x6_4x6in')).toBe('4x6');
  });

  it('reads a paper name whatever its case, and passes an IPP keyword as it is', () => {
    expect(mediaForPaper('a4')).toBe('iso_a4_210x297mm');
    expect(mediaForPaper('iso_b5_176x250mm')).toBe('iso_b5_176x250mm');
    expect(mediaForPaper('Napkin')).toBeNull();
  });
});
