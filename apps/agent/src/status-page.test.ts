import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentStatus, renderStatusPage, type StatusPage, startStatusPage } from './status-page.js';

const STATUS: AgentStatus = {
  version: '0.1.0',
  shopName: 'Ravi & Sons <Prints>',
  connected: true,
  printers: [
    { name: 'Canon LBP2900', state: 'stopped', reasons: ['media-empty'] },
    { name: '<script>alert(1)</script>', state: 'idle', reasons: [] },
  ],
  lastJob: { name: 'Order 7 · "notes".pdf', printer: 'Canon LBP2900', outcome: 'sent', at: '2026-11-29T08:00:00Z' },
};

function get(url: string, host?: string, method = 'GET'): Promise<{ status: number; body: string; type: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: host ? { host } : {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, type: String(res.headers['content-type']) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the local status page', () => {
  let page: StatusPage;
  let status = STATUS;
  beforeAll(async () => {
    page = await startStatusPage({ status: () => status });
  });
  afterAll(async () => page?.close());

  it('says connected, the printers with their state and the last job, every name escaped', () => {
    const html = renderStatusPage(STATUS);
    expect(html).toContain('<p class="ok">Connected to Ravi &amp; Sons &lt;Prints&gt;</p>');
    expect(html).toContain('<li>Canon LBP2900 — stopped: media-empty</li>');
    expect(html).toContain('<li>&lt;script&gt;alert(1)&lt;/script&gt; — ready</li>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Order 7 · &quot;notes&quot;.pdf on Canon LBP2900: sent');
    expect(renderStatusPage({ ...STATUS, connected: false, printers: [], lastJob: null })).toContain('<p class="bad">Not connected to');
  });

  it('serves it and its JSON on 127.0.0.1, as the agent stands at each request', async () => {
    expect(page.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const html = await get(page.url);
    expect(html).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
    expect(html.body).toContain('Connected to Ravi');
    status = { ...STATUS, connected: false };
    expect(JSON.parse((await get(`${page.url}status.json`)).body)).toEqual(status);
  });

  it('answers no other host name, method or path', async () => {
    expect((await get(page.url, 'attacker.example:80')).status).toBe(421);
    expect((await get(page.url, undefined, 'POST')).status).toBe(405);
    expect((await get(`${page.url}config.json`)).status).toBe(404);
  });
});
