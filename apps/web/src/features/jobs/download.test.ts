import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeJob } from '../../test/fixtures';
import { downloadName, fetchFile, safeFileName, saveFile } from './download';
import { type DirectoryHandle, FOLDER_MESSAGES, writeToFolder } from './downloadFolder';
import { useDownloadFolder, useDownloads } from './useDownloads';

/** A body sent in pieces, so the progress reader sees each one. */
function chunked(pieces: number[], headers: Record<string, string> = {}): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const n of pieces) controller.enqueue(new Uint8Array(n));
      controller.close();
    },
  });
  return new Response(stream, { status: 200, headers });
}

const job = makeJob({ id: 'j', number: 12 });
const file = job.files[0]!;

/** One 4-byte file from every fetch, saved the ordinary browser way: by clicking a download link, recorded here. */
function stubBrowserDownload() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => chunked([4])),
  );
  vi.stubGlobal('URL', Object.assign(globalThis.URL, { createObjectURL: () => 'blob:dl', revokeObjectURL: vi.fn() }));
  const anchors: HTMLAnchorElement[] = [];
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    anchors.push(this);
    names.push(this.download);
  });
  return { anchors, names };
}

describe('downloads', () => {
  it('reads a signed URL with progress against Content-Length, typed as the file', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => chunked([3, 5], { 'Content-Length': '8' })),
    );
    const seen: [number, number | null][] = [];
    const blob = await fetchFile('/files/x', 'application/pdf', (r, t) => seen.push([r, t]));
    expect(seen).toEqual([
      [0, 8],
      [3, 8],
      [8, 8],
    ]);
    expect(blob.size).toBe(8);
    expect(blob.type).toBe('application/pdf');
  });

  it("says 'Failed to download file.' when the URL fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('gone', { status: 410 })),
    );
    await expect(saveFile('/files/x', file, 12, { folder: null })).rejects.toThrow('Failed to download file.');
  });

  it('names files by job so customers’ files stay apart, and strips what a disk refuses', () => {
    expect(downloadName(12, file)).toBe('Job 12 - file-1.pdf');
    expect(safeFileName('../a:b*?.pdf')).toBe('_a_b_.pdf');
    expect(safeFileName('...')).toBe('file');
  });

  it('falls back to an ordinary browser download without the folder API', async () => {
    const clicked = stubBrowserDownload().anchors;
    const folder = renderHook(() => useDownloadFolder()).result.current;
    expect(folder.supported).toBe(false);
    const { result } = renderHook(() => useDownloads(folder));
    await act(() => result.current.download(job, [{ file, url: '/files/x' }]));
    expect(clicked[0]?.download).toBe('Job 12 - file-1.pdf');
    expect(result.current.notice).toBe('Saved 1 file to your downloads.');
    expect(result.current.progress[file.id]?.done).toBe(true);
  });

  it('saves to the browser’s downloads in one click where the folder API exists and no folder is chosen', async () => {
    const clicked = stubBrowserDownload().names;
    const two = makeJob({ id: 'k', number: 13 }, [1, 2]);
    const folder = {
      supported: true,
      folder: null,
      message: null,
      settled: async () => null,
      choose: async () => {},
      clear: async () => {},
    };
    const { result } = renderHook(() => useDownloads(folder));
    await act(() =>
      result.current.download(
        two,
        two.files.map((f) => ({ file: f, url: `/files/${f.id}` })),
      ),
    );
    expect(result.current.error).toBeNull();
    expect(clicked).toEqual(['Job 13 - file-1.pdf', 'Job 13 - file-2.pdf']);
    expect(result.current.notice).toBe('Saved 2 files to your downloads.');
  });

  it('waits for a folder still being chosen rather than deciding without it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => chunked([4])),
    );
    const written: string[] = [];
    const handle: DirectoryHandle = {
      name: 'Prints',
      getFileHandle: async (name, { create }) => {
        if (!create) throw new DOMException('missing', 'NotFoundError');
        written.push(name);
        return { createWritable: async () => ({ write: async () => {}, close: async () => {} }) } as unknown as FileSystemFileHandle;
      },
    };
    let answerPicker: (h: DirectoryHandle) => void = () => {};
    const picked = new Promise<DirectoryHandle>((resolve) => {
      answerPicker = resolve;
    });
    // The stored or picked folder is not known yet when Download all is clicked.
    const folder = { supported: true, folder: null, message: null, settled: () => picked, choose: async () => {}, clear: async () => {} };
    const { result } = renderHook(() => useDownloads(folder));
    const clicking = act(() => result.current.download(job, [{ file, url: '/files/x' }]));
    answerPicker(handle);
    await clicking;
    expect(written).toEqual(['Job 12 - file-1.pdf']);
    expect(result.current.notice).toBe('Saved 1 file to Prints.');
  });

  it('writes into the chosen folder without overwriting a same-named file', async () => {
    const written: Record<string, Blob> = { 'scan.pdf': new Blob(['old']) };
    const handle: DirectoryHandle = {
      name: 'Prints',
      getFileHandle: async (name, { create }) => {
        if (!create && !(name in written)) throw new DOMException('missing', 'NotFoundError');
        return {
          createWritable: async () => ({
            write: async (b: Blob) => {
              written[name] = b;
            },
            close: async () => {},
          }),
        } as unknown as FileSystemFileHandle;
      },
    };
    expect(await writeToFolder(handle, 'scan.pdf', new Blob(['new']))).toBe('scan (2).pdf');
    expect(Object.keys(written)).toEqual(['scan.pdf', 'scan (2).pdf']);
    await expect(writeToFolder(null, 'x.pdf', new Blob())).rejects.toThrow(FOLDER_MESSAGES.noHandle);
  });
});
