import type { TJobCreated } from '@counterprint/contract';
import { describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../test/jobServer';
import { ApiError } from './client';
import { jobForm, postForm } from './upload';

const pdf = new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' });
const photo = new File(['jpeg'], 'photo.jpg', { type: 'image/jpeg' });

/** A shop's job as the multipart form sends it (the server still takes it; the shop page sends with tus). */
const uploadJob = ({
  slug,
  files,
  options,
  name,
  phone,
  onProgress,
}: {
  slug: string;
  files: File[];
  options?: unknown[];
  name?: string;
  phone?: string;
  onProgress?: (percent: number) => void;
}) =>
  postForm<TJobCreated>(
    `/public/shops/${encodeURIComponent(slug)}/jobs`,
    jobForm(files, {
      name: name?.trim() || undefined,
      phone: phone?.trim() || undefined,
      options: options ? JSON.stringify(options) : undefined,
    }),
    { onProgress },
  );

describe('postForm and jobForm (XMLHttpRequest, for progress)', () => {
  it('posts files, name and phone as multipart, reports percent and answers the job', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const done = uploadJob({
      slug: 'print hub',
      files: [pdf, photo],
      name: ' Ravi ',
      phone: '98765 43210',
      onProgress: (p) => progress.push(p),
    });
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/public/shops/print%20hub/jobs');
    expect(xhr.body?.getAll('files').map((f) => (f as File).name)).toEqual(['notes.pdf', 'photo.jpg']);
    expect(xhr.body?.get('name')).toBe('Ravi');
    expect(xhr.body?.get('phone')).toBe('98765 43210');

    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 });
    xhr.answer(201, { jobId: 'j1', fileCount: 2, number: 4 });
    await expect(done).resolves.toEqual({ jobId: 'j1', fileCount: 2, number: 4 });
    expect(progress).toEqual([25, 100]);
  });

  it('sends the print options as one JSON field, one object per file in order, before the files (issue 19)', () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const options = [
      { copies: 2, color: 'color' as const, pages: '1-3' },
      { paper: '4x6', extras: [{ serviceId: 'bind', quantity: 1 }] },
    ];
    void uploadJob({ slug: 's', files: [pdf, photo], options, phone: '98765 43210' }).catch(() => {});
    const body = FakeXhr.last.body!;
    expect(JSON.parse(body.get('options') as string)).toEqual(options);
    // The server reads the options before any file streams in.
    expect([...body.keys()]).toEqual(['phone', 'options', 'files', 'files']);
  });

  it('leaves out the options field when none are given, so every file takes the defaults', () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    void uploadJob({ slug: 's', files: [pdf] }).catch(() => {});
    expect(FakeXhr.last.body?.has('options')).toBe(false);
  });

  it('leaves out an empty name and phone', () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    void uploadJob({ slug: 's', files: [pdf], name: '  ', phone: '' }).catch(() => {});
    expect(FakeXhr.last.body?.has('name')).toBe(false);
    expect(FakeXhr.last.body?.has('phone')).toBe(false);
  });

  it("rejects a refused print option with the server's words, naming the file", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const done = uploadJob({ slug: 's', files: [pdf], options: [{ copies: 100 }] });
    FakeXhr.last.answer(400, { error: 'notes.pdf: copies must be between 1 and 99', code: 'INVALID_PRINT_OPTIONS' });
    await expect(done).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_PRINT_OPTIONS',
      serverMessage: 'notes.pdf: copies must be between 1 and 99',
    });
  });

  it("rejects with the server's error message and code", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const done = uploadJob({ slug: 's', files: [pdf] });
    FakeXhr.last.answer(415, { error: 'notes.pdf is not allowed. Accepted: PDF, …', code: 'FILE_TYPE' });
    const error = (await done.catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(415);
    expect(error.serverMessage).toBe('notes.pdf is not allowed. Accepted: PDF, …');
  });

  it('rejects with a network error when no answer comes, and a status error for a non-JSON answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const offline = uploadJob({ slug: 's', files: [pdf] });
    FakeXhr.last.onerror?.();
    await expect(offline).rejects.toMatchObject({ status: 0, message: 'Network error' });

    const proxy = uploadJob({ slug: 's', files: [pdf] });
    FakeXhr.last.answer(502, '<html>Bad gateway</html>');
    await expect(proxy).rejects.toMatchObject({ status: 502, serverMessage: undefined, message: 'Request failed with status 502' });
  });
});
