import type { TJobFile, TJobFileLinks } from '@counterprint/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeJob } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { FilePreview, previewSource } from './FilePreview';

const links = (over: Partial<TJobFileLinks> = {}): TJobFileLinks => ({
  fileId: 'f',
  original: '/files/original?sig=1',
  view: '/files/view?sig=1',
  pdf: null,
  pdfDownload: null,
  preview: null,
  thumbnail: '/files/thumb?sig=1',
  ...over,
});
type Kind = TJobFile['kind'];
const file = (kind: Kind, conversion: TJobFile['conversion'] = 'none', conversionError: TJobFile['conversionError'] = null) => ({
  kind,
  conversion,
  conversionError,
});

describe('what the viewer shows of a file', () => {
  it.each<Kind>(['docx', 'doc', 'odt', 'rtf', 'txt', 'pptx', 'ppt', 'odp', 'xlsx', 'csv'])(
    'a converted %s: its PDF, never the original',
    (kind) => {
      expect(previewSource(file(kind, 'converted'), links({ pdf: '/files/pdf?sig=1' }))).toEqual({
        show: 'pdf',
        url: '/files/pdf?sig=1',
        type: 'application/pdf',
      });
    },
  );

  it('a document still converting: a wait, even before its links come', () => {
    expect(previewSource(file('docx', 'converting'), undefined)).toEqual({ show: 'converting' });
    expect(previewSource(file('docx', 'converting'), links())).toEqual({ show: 'converting' });
  });

  it("a document that failed or cannot convert here: the reason, not the original's bytes", () => {
    expect(previewSource(file('docx', 'failed', 'damaged'), links())).toEqual({
      show: 'none',
      message: 'This document is damaged and could not be opened. Save it again from the program that made it, or export it as a PDF.',
    });
    expect(previewSource(file('pptx', 'unavailable'), links())).toEqual({
      show: 'none',
      message: 'Preview unavailable — download to print',
    });
  });

  it.each<Kind>(['heic', 'heif', 'tiff', 'tif', 'psd', 'eps', 'bmp'])('a %s photo: the JPEG preview made of it', (kind) => {
    expect(previewSource(file(kind), links({ preview: '/files/preview?sig=1' }))).toEqual({
      show: 'image',
      url: '/files/preview?sig=1',
      type: 'image/jpeg',
    });
  });

  it.each([
    ['pdf', 'pdf', 'application/pdf'],
    ['png', 'image', 'image/png'],
    ['jpg', 'image', 'image/jpeg'],
    ['jpeg', 'image', 'image/jpeg'],
    ['webp', 'image', 'image/webp'],
  ] as const)('a %s: the original, as it is, by its viewing link (the download link counts as a staff download)', (kind, show, type) => {
    expect(previewSource(file(kind), links())).toEqual({ show, url: '/files/view?sig=1', type });
  });

  it('an SVG or a HEIC without a preview yet: no preview, download to print', () => {
    expect(previewSource(file('svg'), links())).toEqual({ show: 'none', message: 'No preview — download to print' });
    expect(previewSource(file('heic'), links())).toEqual({ show: 'none', message: 'No preview — download to print' });
  });

  it('anything else before the links come: a wait', () => {
    expect(previewSource(file('pdf'), undefined)).toEqual({ show: 'waiting' });
    expect(previewSource(file('docx', 'converted'), undefined)).toEqual({ show: 'waiting' });
  });
});

describe('the preview pane', () => {
  it("fetches a converted document's PDF and frames it as a PDF", async () => {
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        fetched.push(url);
        return new Response(new Uint8Array([37, 80, 68, 70]), { status: 200 });
      }),
    );
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(globalThis.URL, {
        createObjectURL: (blob: Blob) => `blob:${blobs.push(blob)}`,
        revokeObjectURL: () => {},
      }),
    );
    const job = makeJob({ id: 'j1' });
    const report: TJobFile = {
      ...job.files[0]!,
      name: 'report.docx',
      kind: 'docx',
      conversion: 'converted',
      contentType: 'application/msword',
    };
    renderPage(<FilePreview file={report} links={links({ fileId: report.id, pdf: '/files/pdf?sig=1' })} />);
    expect(await screen.findByTitle('Preview of report.docx')).toHaveAttribute('src', 'blob:1');
    expect(fetched).toEqual(['/files/pdf?sig=1']);
    expect(blobs[0]?.type).toBe('application/pdf');
  });

  it('says the document is converting, and fetches nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const job = makeJob({ id: 'j1' });
    renderPage(<FilePreview file={{ ...job.files[0]!, kind: 'pptx', conversion: 'converting' }} links={links()} />);
    expect(screen.getByRole('status', { name: 'Converting to PDF' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
