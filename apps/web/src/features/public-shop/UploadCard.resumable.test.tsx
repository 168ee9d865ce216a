import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { keptSends } from '../../lib/keptSends';
import { memoryStore } from '../../lib/keyValueStore';
import { readRecentJobs } from '../../lib/recentJobs';
import { makeCreated, uploadUrl } from '../../test/fakeUploads';
import { fileOf, renderUploadCard } from '../../test/uploadCard';

// Issue 21: each file is its own resumable upload; docs/product/screens.md#public-shop-page-and-upload.
const KB = 1024;
const MB = 1024 * KB;

const rowOf = (name: string) => {
  const row = within(screen.getByRole('list', { name: 'Selected files' }))
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(name));
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};

const goOffline = (offline: boolean) => {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
};

afterEach(() => {
  Reflect.deleteProperty(window.navigator, 'wakeLock');
});

describe('upload card: each file sent on its own, resumably', () => {
  it('fetches the uploader only once files are picked', () => {
    const { pick, preload } = renderUploadCard();
    expect(preload).not.toHaveBeenCalled();
    pick(fileOf('a.pdf'));
    expect(preload).toHaveBeenCalled();
  });

  it('sends two files at a time in the order picked, each with its amounts, speed and time left', async () => {
    const clock = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const { pick, send, of, sends } = renderUploadCard();
    pick(fileOf('thesis.pdf', 4 * MB), fileOf('cover.pdf', 1 * MB), fileOf('notes.pdf', 1 * MB));
    await send();
    await waitFor(() => expect(sends.map((s) => s.file.name)).toEqual(['thesis.pdf', 'cover.pdf']));
    expect(rowOf('notes.pdf').getByTestId('file-send-text')).toHaveTextContent('Waiting to send');

    of('thesis.pdf').progress(2.1 * MB - 4 * 180 * KB);
    expect(rowOf('thesis.pdf').getByTestId('file-send-text')).toHaveTextContent('1.4 MB of 4.0 MB');
    clock.mockReturnValue(1_004_000);
    of('thesis.pdf').progress(2.1 * MB);
    expect(rowOf('thesis.pdf').getByTestId('file-send-text')).toHaveTextContent('2.1 MB of 4.0 MB · 180 KB/s · about 11 s left');
    expect(rowOf('thesis.pdf').getByRole('progressbar', { name: 'thesis.pdf sent' })).toHaveAttribute('aria-valuenow', '53');
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '35');

    of('cover.pdf').done('cover');
    await waitFor(() => expect(sends.map((s) => s.file.name)).toEqual(['thesis.pdf', 'cover.pdf', 'notes.pdf']));
    expect(rowOf('cover.pdf').getByText('Sent')).toBeInTheDocument();
    expect(rowOf('thesis.pdf').getByTestId('file-send-text')).toHaveTextContent('2.1 MB of 4.0 MB');
  });

  it('says so while the phone is offline, and that the upload will go on; the speed returns with the network', async () => {
    const clock = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const { pick, send, of } = renderUploadCard();
    pick(fileOf('thesis.pdf', 4 * MB));
    await send();
    of('thesis.pdf').progress(1 * MB);
    clock.mockReturnValue(1_004_000);
    of('thesis.pdf').progress(2 * MB);
    expect(screen.queryByText(/offline/)).not.toBeInTheDocument();

    goOffline(true);
    expect(screen.getByText(/offline/).closest('[role="status"]')).toHaveTextContent(
      "You're offline. Your upload will continue when you're back online.",
    );
    expect(rowOf('thesis.pdf').getByTestId('file-send-text')).toHaveTextContent(/^2\.0 MB of 4\.0 MB$/);

    goOffline(false);
    expect(screen.queryByText(/offline/)).not.toBeInTheDocument();
    expect(rowOf('thesis.pdf').getByTestId('file-send-text')).toHaveTextContent('2.0 MB of 4.0 MB · 256 KB/s · about 8 s left');
  });

  it('shows no offline banner before anything is sent', () => {
    const { pick } = renderUploadCard();
    pick(fileOf('a.pdf'));
    goOffline(true);
    expect(screen.queryByText(/offline/)).not.toBeInTheDocument();
  });

  it('lets a failed file be tried again on its own while the others go on, then makes the job of all of them', async () => {
    const { pick, send, of, sends, makeJob } = renderUploadCard();
    pick(fileOf('a.pdf'), fileOf('b.pdf'));
    await send();
    of('a.pdf').fail("This shop's storage is full");
    expect(rowOf('a.pdf').getByRole('alert')).toHaveTextContent("This shop's storage is full");
    await waitFor(() => expect(sends.map((s) => s.file.name)).toEqual(['a.pdf', 'b.pdf']));
    of('b.pdf').done('upload-b');
    await act(async () => {});
    expect(makeJob).not.toHaveBeenCalled();

    await act(async () => rowOf('a.pdf').getByRole('button', { name: 'Retry a.pdf' }).click());
    expect(of('a.pdf').retries).toBe(1);
    expect(of('b.pdf').retries).toBe(0);
    expect(rowOf('a.pdf').queryByRole('alert')).not.toBeInTheDocument();
    of('a.pdf').done('upload-a');
    await waitFor(() => expect(makeJob).toHaveBeenCalledOnce());
    // In file order, whatever order they finished in.
    expect(makeJob.mock.calls[0]![1].uploads).toEqual(['upload-a', 'upload-b']);
  });

  it('lets a failed file be removed (its upload ended on the server), and makes the job of the rest', async () => {
    const { pick, send, of, makeJob, kept } = renderUploadCard();
    pick(fileOf('a.pdf'), fileOf('b.pdf'));
    await send();
    of('a.pdf').fail('a.pdf is not a document we can print.', false);
    expect(rowOf('a.pdf').getByRole('alert')).toHaveTextContent('a.pdf is not a document we can print.');
    // The same bytes would be refused again: removing it is the way on.
    expect(rowOf('a.pdf').queryByRole('button', { name: 'Retry a.pdf' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove b.pdf' })).toBeDisabled());
    await act(async () => screen.getByRole('button', { name: 'Remove a.pdf' }).click());
    expect(of('a.pdf').cancelled).toBe(true);
    expect(screen.queryByText('a.pdf')).not.toBeInTheDocument();
    // A reload now would resume b.pdf alone.
    await waitFor(async () => expect((await kept.find('print-hub'))?.files.map((f) => f.file.name)).toEqual(['b.pdf']));
    of('b.pdf').done('upload-b');
    await waitFor(() => expect(makeJob).toHaveBeenCalledOnce());
    expect(makeJob.mock.calls[0]![1]).toMatchObject({ uploads: ['upload-b'], options: [expect.objectContaining({ copies: 1 })] });
  });

  it('stops spinning once only failed files are left, and sends the rest without them at one tap', async () => {
    const { pick, send, of, makeJob } = renderUploadCard();
    pick(fileOf('a.pdf'), fileOf('b.pdf'), fileOf('c.pdf'));
    await send();
    of('a.pdf').fail('a.pdf is not a document we can print.', false);
    of('b.pdf').done('upload-b');
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument());
    expect(screen.getByRole('button', { name: /Uploading…/ })).toBeInTheDocument();
    of('c.pdf').done('upload-c');
    const button = await screen.findByRole('button', { name: 'Send without a.pdf' });
    expect(button).toBeEnabled();
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).not.toBeInTheDocument();
    expect(makeJob).not.toHaveBeenCalled();

    await act(async () => button.click());
    expect(of('a.pdf').cancelled).toBe(true);
    await waitFor(() => expect(makeJob).toHaveBeenCalledOnce());
    expect(makeJob.mock.calls[0]![1].uploads).toEqual(['upload-b', 'upload-c']);
  });

  it('counts the files it would leave out when more than one failed', async () => {
    const { pick, send, of } = renderUploadCard();
    pick(fileOf('a.pdf'), fileOf('b.pdf'), fileOf('c.pdf'));
    await send();
    of('a.pdf').fail('a.pdf is not a document we can print.', false);
    of('b.pdf').fail("This shop's storage is full");
    await waitFor(() => expect(of('c.pdf')).toBeDefined());
    of('c.pdf').done('upload-c');
    expect(await screen.findByRole('button', { name: 'Send without 2 files' })).toBeEnabled();
  });

  it('offers to try again when every file failed and one may still go, and retries only those', async () => {
    const { pick, send, of } = renderUploadCard();
    pick(fileOf('a.pdf'), fileOf('b.pdf'));
    await send();
    of('a.pdf').fail('a.pdf is not a document we can print.', false);
    of('b.pdf').fail("This shop's storage is full");
    await act(async () => (await screen.findByRole('button', { name: 'Try again' })).click());
    expect(of('b.pdf').retries).toBe(1);
    expect(of('a.pdf').retries).toBe(0);
    expect(screen.getByRole('button', { name: /Uploading…/ })).toBeInTheDocument();
  });

  it('starts over when every file was refused for what it is', async () => {
    const { pick, send, of } = renderUploadCard();
    pick(fileOf('a.pdf'));
    await send();
    of('a.pdf').fail('a.pdf is not a document we can print.', false);
    await act(async () => (await screen.findByRole('button', { name: 'Start over' })).click());
    expect(of('a.pdf').cancelled).toBe(true);
    expect(screen.queryByText('a.pdf')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload files' })).toBeInTheDocument();
  });

  it('makes the job with one JSON call naming the uploads, then opens its status page and remembers it here', async () => {
    const onSent = vi.fn();
    const { user, pick, send, of, makeJob, kept } = renderUploadCard({ onSent });
    const job = makeCreated({ fileCount: 2 });
    makeJob.mockResolvedValue(job);
    pick(fileOf('a.pdf'), fileOf('photo.jpg'));
    await user.type(screen.getByLabelText('Your name (optional)'), ' Ravi ');
    await user.type(screen.getByLabelText('Phone (optional)'), '98765 43210');
    await user.click(within(screen.getByRole('group', { name: 'Print options for a.pdf' })).getByRole('button', { name: 'More copies' }));
    await send();
    of('a.pdf').url('AAAAAAAAAAAAAAAAAAAAAA');
    of('a.pdf').done('AAAAAAAAAAAAAAAAAAAAAA');
    await waitFor(() => expect(of('photo.jpg')).toBeTruthy());
    of('photo.jpg').done('BBBBBBBBBBBBBBBBBBBBBB');

    await waitFor(() => expect(onSent).toHaveBeenCalledWith(job));
    expect(makeJob).toHaveBeenCalledWith('print-hub', {
      uploads: ['AAAAAAAAAAAAAAAAAAAAAA', 'BBBBBBBBBBBBBBBBBBBBBB'],
      name: 'Ravi',
      phone: '98765 43210',
      options: [
        { copies: 2, color: 'bw', sides: 'single', pages: 'all', nup: 1, paper: 'A4', extras: [] },
        { copies: 1, color: 'bw', sides: 'single', pages: 'all', nup: 1, paper: 'A4', extras: [] },
      ],
    });
    expect(screen.queryByTestId('job-number')).not.toBeInTheDocument();
    expect(readRecentJobs().map((j) => [j.token, j.number, j.shopName, j.shopSlug])).toEqual([[job.token, 17, 'Print Hub', 'print-hub']]);
    // Nothing is left to resume once the job is made.
    await waitFor(async () => expect(await kept.find('print-hub')).toBeNull());
  });

  it('sends the files anew when the server no longer has their uploads (swept after an hour)', async () => {
    const message = 'An upload in this list is unknown here. Send that file again.';
    const { pick, send, finishAll, makeJob, sends } = renderUploadCard();
    makeJob.mockRejectedValueOnce(new ApiError(400, 'UNKNOWN_UPLOAD', message, message));
    pick(fileOf('a.pdf'));
    await send();
    await finishAll();
    expect(await screen.findByRole('alert')).toHaveTextContent(`Upload failed${message}`);
    await send();
    expect(sends.map((s) => s.file.name)).toEqual(['a.pdf', 'a.pdf']);
    expect(sends[1]!.from).toBeNull();
  });

  it('clears the files when the server says the job was already made (its answer was lost)', async () => {
    const message = 'These files were already sent as a job.';
    const { pick, send, finishAll, makeJob, kept } = renderUploadCard();
    makeJob.mockRejectedValueOnce(new ApiError(409, 'UPLOAD_USED', message, message));
    pick(fileOf('a.pdf'));
    await send();
    await finishAll();
    expect(await screen.findByRole('alert')).toHaveTextContent(`Upload failed${message}`);
    expect(screen.queryByRole('list', { name: 'Selected files' })).not.toBeInTheDocument();
    await waitFor(async () => expect(await kept.find('print-hub')).toBeNull());
  });

  it('leaves out an empty name and phone', async () => {
    const { pick, send, finishAll, makeJob } = renderUploadCard();
    pick(fileOf('a.pdf'));
    await send();
    await finishAll();
    await waitFor(() => expect(makeJob).toHaveBeenCalledOnce());
    expect(makeJob.mock.calls[0]![1]).toEqual({ uploads: ['upload-1'], name: undefined, phone: undefined, options: [expect.any(Object)] });
  });
});

describe('upload card: after a reload', () => {
  /** A send cut short by a reload: a.pdf in colour half sent with its URL known, b.pdf not started. */
  async function cutShort() {
    const kept = keptSends(memoryStore());
    const first = renderUploadCard({ kept });
    first.pick(fileOf('a.pdf', 2 * MB), fileOf('b.pdf', 1 * MB, 1_700_000_500_000));
    await first.user.selectOptions(within(first.optionsOf('a.pdf')).getByRole('combobox', { name: 'Colour' }), 'Colour');
    await first.user.type(screen.getByLabelText('Your name (optional)'), 'Ravi');
    await first.send();
    first.of('a.pdf').url('upload-a');
    first.of('a.pdf').progress(1 * MB);
    await act(async () => {});
    first.view.unmount();
    expect(first.of('a.pdf').stopped).toBe(true);
    return kept;
  }

  it('offers to resume the send, and continues each file where the server has it without picking again', async () => {
    const kept = await cutShort();
    const again = renderUploadCard({ kept });
    const resume = await screen.findByRole('button', { name: 'Resume your upload (2 files)' });
    expect(screen.getByRole('button', { name: 'Start over' })).toBeInTheDocument();
    // The customer sees which files these are before carrying on.
    expect(
      within(screen.getByRole('list', { name: 'Files to resume' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['a.pdf2 MB', 'b.pdf1 MB']);
    expect(screen.queryByLabelText('Choose files to print')).not.toBeInTheDocument();

    await again.user.click(resume);
    await waitFor(() =>
      expect(again.sends.map((s) => [s.file.name, s.from])).toEqual([
        ['a.pdf', uploadUrl('print-hub', 'upload-a')],
        ['b.pdf', null],
      ]),
    );
    expect(within(again.optionsOf('a.pdf')).getByRole('combobox', { name: 'Colour' })).toHaveDisplayValue('Colour');
    expect(screen.getByLabelText('Your name (optional)')).toHaveValue('Ravi');
    again.makeJob.mockResolvedValue(makeCreated());
    again.of('a.pdf').done();
    again.of('b.pdf').done('upload-b');

    await waitFor(() => expect(again.makeJob).toHaveBeenCalledOnce());
    expect(again.makeJob.mock.calls[0]![1]).toMatchObject({
      uploads: ['upload-a', 'upload-b'],
      name: 'Ravi',
      options: [{ color: 'color' }, { color: 'bw' }],
    });
    await waitFor(async () => expect(await kept.find('print-hub')).toBeNull());
  });

  it('starts over on request: the kept files are forgotten and their uploads ended on the server', async () => {
    const kept = await cutShort();
    const again = renderUploadCard({ kept });
    await again.user.click(await screen.findByRole('button', { name: 'Start over' }));
    expect(screen.getByLabelText('Choose files to print')).toBeInTheDocument();
    await waitFor(() => expect(again.forget).toHaveBeenCalledWith(uploadUrl('print-hub', 'upload-a')));
    expect(again.sends).toHaveLength(0);
    expect(await kept.find('print-hub')).toBeNull();
  });

  it('offers nothing at another shop', async () => {
    const kept = await cutShort();
    renderUploadCard({ kept, slug: 'other-shop' });
    await act(async () => {});
    expect(screen.queryByRole('button', { name: /Resume your upload/ })).not.toBeInTheDocument();
  });
});

describe('upload card: the screen stays on while sending', () => {
  it('holds a screen wake lock while sending, asks again when the page is shown again, and lets go once the job is made', async () => {
    const release = vi.fn(async () => {});
    const lock = { released: false, release };
    const request = vi.fn(async () => lock);
    Object.defineProperty(window.navigator, 'wakeLock', { value: { request }, configurable: true });
    const { pick, send, finishAll, makeJob } = renderUploadCard();
    pick(fileOf('a.pdf'));
    expect(request).not.toHaveBeenCalled();
    await send();
    await waitFor(() => expect(request).toHaveBeenCalledWith('screen'));
    expect(screen.getByText('Keep this page open until the upload finishes.')).toBeInTheDocument();

    // Hidden, the browser let the lock go; shown again, the page asks for it again.
    lock.released = true;
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(request).toHaveBeenCalledTimes(2);

    makeJob.mockResolvedValue(makeCreated());
    await finishAll();
    await waitFor(() => expect(release).toHaveBeenCalled());
  });

  it('asks the customer to keep the screen on where the browser cannot', async () => {
    const { pick, send } = renderUploadCard();
    expect('wakeLock' in navigator).toBe(false);
    pick(fileOf('a.pdf'));
    await send();
    expect(screen.getByText('Keep this screen on until your files are sent.')).toBeInTheDocument();
  });

  it('asks the same where the browser refused the lock (a battery saver)', async () => {
    const request = vi.fn(async () => {
      throw new DOMException('Wake lock refused', 'NotAllowedError');
    });
    Object.defineProperty(window.navigator, 'wakeLock', { value: { request }, configurable: true });
    const { pick, send } = renderUploadCard();
    pick(fileOf('a.pdf'));
    await send();
    expect(await screen.findByText('Keep this screen on until your files are sent.')).toBeInTheDocument();
  });
});
