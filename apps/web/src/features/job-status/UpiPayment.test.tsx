import { CUSTOMER_CHANGE_MESSAGES, type TPublicJob, upiPayLink } from '@counterprint/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/helpers';
import { serveJob, stubEventSource, stubScreen } from '../../test/jobServer';
import { makePublicJob, PUBLIC_JOB_TOKEN, publicFile } from '../../test/publicJob';
import { renderPage } from '../../test/render';
import JobStatusPage from './JobStatusPage';

const TOKEN = PUBLIC_JOB_TOKEN;
const UPI = { vpa: 'printhub@okhdfcbank', payee: 'Print Hub Xerox' };
const payable = (over: Partial<TPublicJob> = {}) => {
  const job = makePublicJob({ status: 'ready' });
  return { ...job, ...over, payment: { ...job.payment, upi: UPI, ...over.payment } };
};
const open = async () => {
  const page = renderPage(<JobStatusPage />, { url: `/j/${TOKEN}`, path: '/j/:token' });
  await screen.findByRole('heading', { level: 1, name: 'Job #12' });
  return page;
};
const payLink = () => screen.queryByRole('link', { name: /by UPI/ });

beforeEach(() => {
  stubEventSource();
  stubScreen(true);
});

describe('job status page: paying by UPI', () => {
  it("on a phone, links the whole price to the shop's UPI ID with the job's reference and note", async () => {
    serveJob(payable());
    await open();
    expect(payLink()).toHaveTextContent('Pay ₹6.00 by UPI');
    expect(payLink()).toHaveAttribute(
      'href',
      upiPayLink({ vpa: UPI.vpa, payee: UPI.payee, amountPaise: 600, reference: 'CP12ABCD', note: 'Job #12 at Print Hub' }),
    );
    expect(payLink()!.getAttribute('href')).toBe(
      'upi://pay?pa=printhub@okhdfcbank&pn=Print%20Hub%20Xerox&am=6.00&cu=INR&tr=CP12ABCD&tn=Job%20%2312%20at%20Print%20Hub',
    );
    expect(screen.queryByRole('img', { name: /UPI QR/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Paid by/)).not.toBeInTheDocument();
  });

  it('on a desktop, shows the QR to scan instead', async () => {
    stubScreen(false);
    serveJob(payable());
    await open();
    expect(screen.getByRole('img', { name: 'UPI QR code to pay ₹6.00' })).toHaveAttribute('src', `/api/public/jobs/${TOKEN}/upi-qr.svg`);
    expect(screen.getByText('Scan with any UPI app')).toBeInTheDocument();
    expect(payLink()).not.toBeInTheDocument();
  });

  it.each<[string, Partial<TPublicJob>]>([
    ['the shop takes no UPI', { payment: { upi: null, reference: 'CP12ABCD', claimedAt: null, recordedMethod: null } }],
    [
      'part of the price is left to the counter',
      { files: [publicFile(), publicFile({ id: 'f2', name: 'scan.pdf', printPages: null, printedSides: null, sheets: null })] },
    ],
    ['the job is cancelled', { status: 'cancelled' }],
    ['there is nothing to pay', { estimate: { total: 0, currency: 'INR', complete: true, lines: [] } }],
  ])('offers no UPI when %s', async (_label, over) => {
    const job = payable(over);
    serveJob(over.files ? { ...job, estimate: makePublicJob({ files: over.files }).estimate } : job);
    await open();
    // The part already priced is no amount to pay: the link would ask for too little.
    if (over.files) expect(screen.getByTestId('job-total')).toHaveTextContent('Total so far₹6.00');
    expect(payLink()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "I've paid" })).not.toBeInTheDocument();
  });

  it('tells the shop "I\'ve paid", then shows the claim and keeps Pay by UPI for a payment that did not go through', async () => {
    const server = serveJob(payable());
    server.on(`POST /api/public/jobs/${TOKEN}/paid`, () =>
      jsonResponse(
        200,
        payable({ payment: { upi: UPI, reference: 'CP12ABCD', claimedAt: '2026-03-02T09:10:00.000Z', recordedMethod: null } }),
      ),
    );
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: "I've paid" }));
    expect(await screen.findByText(/^You told the shop you've paid\. Staff will confirm at the counter\./)).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`/api/public/jobs/${TOKEN}/paid`]);
    expect(screen.queryByRole('button', { name: "I've paid" })).not.toBeInTheDocument();
    expect(payLink()).toHaveTextContent('Pay ₹6.00 by UPI');
    expect(payLink()!.getAttribute('href')).toContain('tr=CP12ABCD');
    expect(screen.queryByText(/Paid by|payment received|recorded by the shop/i)).not.toBeInTheDocument();
  });

  it('shows the server\'s refusal of "I\'ve paid" as written', async () => {
    const server = serveJob(payable());
    server.on(`POST /api/public/jobs/${TOKEN}/paid`, () =>
      jsonResponse(409, { error: CUSTOMER_CHANGE_MESSAGES.NOTHING_TO_PAY, code: 'NOTHING_TO_PAY' }),
    );
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: "I've paid" }));
    expect((await screen.findByRole('alert')).textContent).toBe(CUSTOMER_CHANGE_MESSAGES.NOTHING_TO_PAY);
  });

  it('says the payment was received only once the shop recorded it', async () => {
    serveJob(
      payable({
        status: 'printed',
        payment: { upi: UPI, reference: 'CP12ABCD', claimedAt: '2026-03-02T09:10:00.000Z', recordedMethod: 'upi' },
      }),
    );
    await open();
    expect(screen.getByText('Paid by UPI — recorded by the shop')).toBeInTheDocument();
    expect(payLink()).not.toBeInTheDocument();
    expect(screen.queryByText(/You told the shop/)).not.toBeInTheDocument();
  });
});
