import { CONVERSION_FAILURE_MESSAGES, CONVERSION_UNAVAILABLE_MESSAGE, type TJobFile } from '@counterprint/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FileBadge, JobConversionNote } from './FileBadge';

type Conversion = Pick<TJobFile, 'conversion' | 'conversionError'>;
const badge = (file: Conversion) => {
  render(<FileBadge file={file} />);
  return screen.queryByTestId('file-badge');
};

describe("a file's conversion badge in the print queue", () => {
  it("says 'Converting…' with a spinner while LibreOffice works", () => {
    const el = badge({ conversion: 'converting', conversionError: null });
    expect(el).toHaveTextContent(/^Converting…$/);
    expect(el?.querySelector('svg.animate-spin')).not.toBeNull();
  });

  it.each(['password-protected', 'damaged', 'too-complex', 'unsupported'] as const)(
    'gives the reason a conversion failed: %s',
    (reason) => {
      const el = badge({ conversion: 'failed', conversionError: reason });
      expect(el).toHaveTextContent(CONVERSION_FAILURE_MESSAGES[reason]);
      expect(el).toHaveClass('text-red-800');
      expect(el?.querySelector('svg')).toBeNull();
    },
  );

  it('says what to do when a failure came without a reason', () => {
    expect(badge({ conversion: 'failed', conversionError: null })).toHaveTextContent(
      'This document could not be converted. Download the original to print it.',
    );
  });

  it('tells staff to download a document this server cannot convert', () => {
    const el = badge({ conversion: 'unavailable', conversionError: null });
    expect(el).toHaveTextContent(/^Preview unavailable — download to print$/);
    expect(CONVERSION_UNAVAILABLE_MESSAGE.startsWith(el?.textContent ?? '-')).toBe(true);
  });

  it.each(['none', 'converted'] as const)('shows nothing for %s', (conversion) => {
    expect(badge({ conversion, conversionError: null })).toBeNull();
  });
});

describe("a job row's conversion mark", () => {
  const file = (name: string, conversion: TJobFile['conversion'], conversionError: TJobFile['conversionError'] = null) => ({
    name,
    conversion,
    conversionError,
  });
  const mark = (files: ReturnType<typeof file>[]) =>
    render(<JobConversionNote job={{ files: files as TJobFile[] }} />).container.querySelector<HTMLElement>('[data-mark]');

  it('puts converting first, with a spinner, and counts the files in words', () => {
    const el = mark([file('a.docx', 'converting'), file('b.pptx', 'converting'), file('c.doc', 'failed', 'damaged')]);
    expect(el).toHaveAttribute('data-mark', 'converting');
    expect(el).toHaveAttribute('title', '2 files converting');
    expect(el).toHaveTextContent(/^2 files converting$/);
    expect(el?.querySelector('svg.animate-spin')).not.toBeNull();
  });

  it('names each file that failed and why', () => {
    const el = mark([file('a.docx', 'converted'), file('secret.docx', 'failed', 'password-protected')]);
    expect(el).toHaveAttribute('data-mark', 'failed');
    expect(el).toHaveAttribute('title', `secret.docx: ${CONVERSION_FAILURE_MESSAGES['password-protected']}`);
    expect(el).toHaveClass('text-red-800');
  });

  it('says the preview is unavailable when documents cannot be converted here', () => {
    const el = mark([file('a.docx', 'unavailable')]);
    expect(el).toHaveAttribute('data-mark', 'unavailable');
    expect(screen.getByText('1 file: Preview unavailable — download to print')).toHaveClass('sr-only');
  });

  it('is absent when every file is a PDF, a photo or converted', () => {
    expect(mark([file('a.pdf', 'none'), file('b.docx', 'converted')])).toBeNull();
  });
});
