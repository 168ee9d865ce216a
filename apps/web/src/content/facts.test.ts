import { RETENTION, UPLOAD_EXTENSIONS } from '@counterprint/contract';
import { describe, expect, it } from 'vitest';
import { FORMAT_LABELS, formatDuration, formatDurationShort, MAX_FILE_SIZE, MAX_FILES, RETENTION_AFTER_PRINT } from './facts';
import { FILE_FAQS } from './faqs';
import { FEATURE_CARDS, FEATURES_PAGE } from './features';
import { PRIVACY } from './privacy';
import { SECURITY_FEATURES, SECURITY_STATS } from './security';
import { TERMS } from './terms';

describe('the site quotes the product, not the spec’s marketing', () => {
  it('derives retention from the contract', () => {
    expect(RETENTION_AFTER_PRINT).toBe(formatDuration(RETENTION.recycleMs));
    expect(RETENTION_AFTER_PRINT).toBe('1 hour');
    expect(formatDuration(30 * 60_000)).toBe('30 minutes');
    expect(formatDuration(24 * 3_600_000)).toBe('24 hours');
    expect(formatDurationShort(3_600_000)).toBe('1 hr');
    expect(SECURITY_STATS).toContainEqual({ value: '1 hr', label: 'File retention after printing' });
    expect(JSON.stringify([SECURITY_FEATURES, SECURITY_STATS])).not.toMatch(/30 ?min/);
  });

  it('lists exactly the formats the upload accepts, and none it refuses', () => {
    const aliases: Record<string, string> = { jpeg: 'JPG', tif: 'TIFF', heif: 'HEIC' };
    for (const ext of UPLOAD_EXTENSIONS) expect(FORMAT_LABELS).toContain(aliases[ext] ?? ext.toUpperCase());
    expect(FORMAT_LABELS).toHaveLength(new Set(UPLOAD_EXTENSIONS.map((ext) => aliases[ext] ?? ext.toUpperCase())).size);
    const copy = JSON.stringify([FORMAT_LABELS, FEATURE_CARDS, FEATURES_PAGE, FILE_FAQS]);
    // Issue 18: Word, text and presentation files are taken and converted, so the site says so.
    for (const claimed of ['DOC', 'DOCX', 'ODT', 'RTF', 'TXT', 'PPT', 'PPTX', 'ODP']) expect(copy).toMatch(new RegExp(`\\b${claimed}\\b`));
    // Macro-enabled documents and templates are still refused.
    for (const refused of ['DOCM', 'DOT', 'DOTX', 'PPTM', 'EXE']) expect(copy).not.toMatch(new RegExp(`\\b${refused}\\b`));
    expect(copy).not.toMatch(/save (it|them) as (a )?PDF/i);
  });

  it('states the upload limits from the contract', () => {
    expect(MAX_FILE_SIZE).toBe('25 MB');
    expect(MAX_FILES).toBe(50);
    expect(FEATURES_PAGE.formatsLead).toContain('up to 50 files of 25 MB each');
  });

  it('dates the terms as version 2.1 and tells the truth about storage', () => {
    expect(TERMS.version).toBe('2.1');
    expect(TERMS.effective).toMatch(/\d{4}/);
    const privacy = JSON.stringify(PRIVACY);
    expect(privacy).toContain('AES-256-GCM');
    expect(privacy).toContain('1 hour');
    expect(privacy).toContain('no account');
  });
});
