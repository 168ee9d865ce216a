import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOCAL } from '../../api/storage';
import { jsonResponse, makeToken, stubFetch } from '../../test/helpers';
import { renderPage } from '../../test/render';
import { CLEAR_UPLOAD_FAILED, UploadsInProgress } from './UploadsInProgress';

const MIB = 1024 * 1024;
const upload = (id: string, filename: string, received: number, size: number) => ({
  id,
  filename,
  size,
  received,
  startedAt: '2026-12-04T09:00:00.000Z',
  stallsAt: received < size ? '2026-12-04T09:05:00.000Z' : null,
});

beforeEach(() => {
  localStorage.setItem(LOCAL.token, makeToken());
});

describe('UploadsInProgress', () => {
  it('lists the files being sent to the shop and clears one at a tap', async () => {
    const { calls } = stubFetch(
      () => jsonResponse(200, [upload('up-1', 'thesis.pdf', 2 * MIB, 8 * MIB), upload('up-2', 'photo.jpg', MIB, MIB)]),
      () => new Response(null, { status: 204 }),
    );
    const { user } = renderPage(<UploadsInProgress shopId="shop-1" />);
    const panel = await screen.findByRole('region', { name: 'Uploads in progress' });
    expect(within(panel).getByText('thesis.pdf')).toBeInTheDocument();
    expect(within(panel).getByText('2 MB of 8 MB received')).toBeInTheDocument();
    expect(within(panel).getByText(/1 MB, sent: waiting for the customer/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Clear thesis.pdf' }));
    await waitFor(() => expect(within(panel).queryByText('thesis.pdf')).not.toBeInTheDocument());
    expect(calls[1]).toMatchObject({ method: 'DELETE', url: expect.stringContaining('/api/shops/shop-1/uploads-in-progress/up-1') });
    expect(within(panel).getByText('photo.jpg')).toBeInTheDocument();
  });

  it('shows nothing when no file is being sent, and says so when a clear fails', async () => {
    stubFetch(() => jsonResponse(200, []));
    const empty = renderPage(<UploadsInProgress shopId="shop-1" />);
    await waitFor(() => expect(empty.client.getQueryData(['print-jobs', 'uploads-in-progress', 'shop-1'])).toEqual([]));
    expect(screen.queryByRole('region', { name: 'Uploads in progress' })).not.toBeInTheDocument();
    empty.unmount();

    stubFetch(
      () => jsonResponse(200, [upload('up-3', 'cv.docx', 0, MIB)]),
      () => jsonResponse(500, { error: 'boom', code: 'INTERNAL' }),
    );
    const { user } = renderPage(<UploadsInProgress shopId="shop-1" />);
    await user.click(await screen.findByRole('button', { name: 'Clear cv.docx' }));
    expect(await screen.findByText(CLEAR_UPLOAD_FAILED)).toBeInTheDocument();
    expect(screen.getByText('cv.docx')).toBeInTheDocument();
  });
});
