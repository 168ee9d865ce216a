import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/helpers';
import { DOWNLOAD_LINK_LIFETIME_MS, QrWidget } from './QrWidget';

function stubObjectUrls() {
  let n = 0;
  const create = vi.fn(() => `blob:qr-${++n}`);
  const revoke = vi.fn();
  vi.stubGlobal('URL', Object.assign(globalThis.URL, { createObjectURL: create, revokeObjectURL: revoke }));
  return { create, revoke };
}

const png = () => new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { status: 200, headers: { 'Content-Type': 'image/png' } });

describe('QR widget (docs/product/screens.md#qr-code)', () => {
  it("says 'Missing shop slug' and calls nothing without a slug", async () => {
    const { fetchMock } = stubFetch();
    const user = userEvent.setup();
    render(<QrWidget shopSlug={null} />);
    await user.click(screen.getByRole('button', { name: 'Download QR Code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Missing shop slug');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('goes idle → loading (disabled) → ready with the image, the shop URL and the hint', async () => {
    const urls = stubObjectUrls();
    let answer!: (r: Response) => void;
    const { calls } = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    render(<QrWidget shopSlug="demo-prints" label="Get QR" />);
    await user.click(screen.getByRole('button', { name: 'Get QR' }));
    expect(screen.getByRole('button', { name: /Get QR/ })).toBeDisabled();
    expect(calls[0]?.url).toBe('/api/qr/generate/demo-prints');
    answer(png());
    const img = await screen.findByRole('img', { name: /QR code for/ });
    expect(img).toHaveAttribute('src', 'blob:qr-1');
    expect(img).toHaveClass('w-32');
    expect(screen.getByText(`${window.location.origin}/public/demo-prints?src=qr`)).toBeInTheDocument();
    expect(screen.getByText('Display it at your shop entrance')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visit Shop' })).toHaveAttribute('href', '/public/demo-prints');
    expect(urls.revoke).not.toHaveBeenCalled();
    // Printable posters: the server answers them as attachments, so plain links download them.
    expect(screen.getByRole('link', { name: 'A4 PDF poster' })).toHaveAttribute('href', '/api/qr/poster/demo-prints?size=a4');
    expect(screen.getByRole('link', { name: 'A5 PDF poster' })).toHaveAttribute('download', 'demo-prints-qr-poster-a5.pdf');
  });

  it('releases the preview image when the panel closes', async () => {
    const urls = stubObjectUrls();
    stubFetch(() => png());
    const user = userEvent.setup();
    render(<QrWidget shopSlug="demo-prints" />);
    await user.click(screen.getByRole('button', { name: 'Download QR Code' }));
    await screen.findByRole('img');
    await user.click(screen.getByRole('button', { name: 'Close QR preview' }));
    expect(urls.revoke).toHaveBeenCalledWith('blob:qr-1');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download QR Code' })).toBeEnabled();
  });

  it('downloads as <slug>-qr.png and releases that link after 60 s', async () => {
    const urls = stubObjectUrls();
    stubFetch(() => png());
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const user = userEvent.setup();
    render(<QrWidget shopSlug="demo-prints" />);
    await user.click(screen.getByRole('button', { name: 'Download QR Code' }));
    await screen.findByRole('img');
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(clicked[0]?.download).toBe('demo-prints-qr.png');
    expect(clicked[0]?.getAttribute('href')).toBe('blob:qr-2');
    vi.advanceTimersByTime(DOWNLOAD_LINK_LIFETIME_MS - 1);
    expect(urls.revoke).not.toHaveBeenCalledWith('blob:qr-2');
    vi.advanceTimersByTime(1);
    expect(urls.revoke).toHaveBeenCalledWith('blob:qr-2');
    expect(urls.revoke).not.toHaveBeenCalledWith('blob:qr-1');
  });

  it("shows the server's message when generation fails, else the spec's fallback", async () => {
    stubFetch(
      () => jsonResponse(404, { error: 'Shop not found', code: 'SHOP_NOT_FOUND' }),
      () => new Response('oops', { status: 500 }),
      () => Promise.reject(new TypeError('Failed to fetch')),
    );
    const user = userEvent.setup();
    render(<QrWidget shopSlug="gone" />);
    const button = screen.getByRole('button', { name: 'Download QR Code' });
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('Shop not found');
    await user.click(button);
    expect(await screen.findByText('Error generating QR code. Please try again.')).toBeInTheDocument();
    await user.click(button);
    expect(await screen.findByText('Error generating QR code. Please try again.')).toBeInTheDocument();
  });

  it('shows the address the code carries, and warns when a phone could not open it', async () => {
    stubObjectUrls();
    const address = { url: 'http://localhost:8080', source: 'loopback', reachableFromPhone: false };
    const route = (call: { url: string }) => (call.url.endsWith('/api/public-address') ? jsonResponse(200, address) : png());
    stubFetch(route, route);
    const user = userEvent.setup();
    render(<QrWidget shopSlug="demo-prints" />);
    await user.click(screen.getByRole('button', { name: 'Download QR Code' }));
    expect(await screen.findByText('http://localhost:8080/public/demo-prints?src=qr')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      "Links and QR codes point at http://localhost:8080, which a customer's phone cannot open.",
    );
  });

  it("shows this computer's LAN address as a note, not a warning", async () => {
    stubObjectUrls();
    const address = { url: 'http://192.168.1.20:8080', source: 'lan', reachableFromPhone: true };
    const route = (call: { url: string }) => (call.url.endsWith('/api/public-address') ? jsonResponse(200, address) : png());
    stubFetch(route, route);
    const user = userEvent.setup();
    render(<QrWidget shopSlug="demo-prints" />);
    await user.click(screen.getByRole('button', { name: 'Download QR Code' }));
    expect(await screen.findByText('http://192.168.1.20:8080/public/demo-prints?src=qr')).toBeInTheDocument();
    expect(screen.getByText(/phones on the same Wi-Fi can open them/)).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
