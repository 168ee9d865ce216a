import { PRICE_AT_THE_COUNTER, type TMarkPrintedRequest } from '@counterprint/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeEstimate, makeJob, printLine } from '../../test/fixtures';
import { MarkPrintedDialog } from './MarkPrintedDialog';

function renderDialog(job = makeJob({ id: 'j1', number: 7 }, [4, 8])) {
  const sent: NonNullable<TMarkPrintedRequest>[] = [];
  render(<MarkPrintedDialog job={job} pending={false} error={null} onConfirm={(body) => sent.push(body)} onCancel={() => {}} />);
  return { sent, dialog: screen.getByRole('alertdialog', { name: 'Mark as Printed?' }), user: userEvent.setup() };
}

describe('dialogs and the phone menu (issue 16)', () => {
  it('starts Mark as Printed on the Amount field', () => {
    renderDialog(makeJob({ id: 'j1', number: 7 }));
    expect(screen.getByLabelText('Amount (₹)')).toHaveFocus();
  });
});

describe('Mark as Printed with the estimate (issue 19)', () => {
  it("starts at the estimate's total and lists its lines", () => {
    const { dialog } = renderDialog();
    expect(within(dialog).getByLabelText('Amount (₹)')).toHaveValue('24.00');
    expect(
      within(within(dialog).getByRole('list', { name: 'Estimate' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['file-1.pdf: Black & white A4 · 4 × ₹2.00₹8.00', 'file-2.pdf: Black & white A4 · 8 × ₹2.00₹16.00']);
    expect(dialog).toHaveTextContent('Total₹24.00');
    expect(dialog).toHaveTextContent('12 sheets');
    expect(within(dialog).queryByTestId('adjustment')).not.toBeInTheDocument();
  });

  it('shows a changed amount as a discount or a surcharge, and sends only the amount and payment', async () => {
    const { dialog, user, sent } = renderDialog();
    const amount = within(dialog).getByLabelText('Amount (₹)');
    await user.clear(amount);
    await user.type(amount, '20');
    expect(within(dialog).getByTestId('adjustment')).toHaveTextContent('Discount ₹4.00.');
    await user.type(amount, '.5');
    expect(within(dialog).getByTestId('adjustment')).toHaveTextContent('Discount ₹3.50.');
    await user.clear(amount);
    await user.type(amount, '24');
    expect(within(dialog).queryByTestId('adjustment')).not.toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '30');
    expect(within(dialog).getByTestId('adjustment')).toHaveTextContent('Surcharge ₹6.00.');
    await user.click(within(dialog).getByRole('button', { name: 'Card' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(sent).toEqual([{ amount: 30, paymentMethod: 'card' }]);
  });

  it('says what is priced at the counter, and takes an empty amount as no sale', async () => {
    const job = makeJob({ id: 'j1', number: 7 }, [4, 0]);
    const converting = {
      fileId: job.files[1]!.id,
      serviceId: null,
      description: `notes.docx: still converting to PDF — ${PRICE_AT_THE_COUNTER}`,
      quantity: 0,
      unitPrice: null,
      amount: null,
      missing: 'conversion' as const,
    };
    job.estimate = makeEstimate([printLine(job.files[0]!, 4), converting]);
    const { dialog, user, sent } = renderDialog(job);
    expect(dialog).toHaveTextContent('Total₹8.00 + at counter');
    expect(within(dialog).getByText('notes.docx: still converting to PDF — price at the counter')).toBeInTheDocument();
    const amount = within(dialog).getByLabelText('Amount (₹)');
    await user.clear(amount);
    await user.type(amount, '18');
    expect(within(dialog).getByTestId('adjustment')).toHaveTextContent('Priced at the counter ₹10.00.');
    await user.clear(amount);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(sent).toEqual([{ paymentMethod: 'cash' }]);
  });
});

describe("Mark as Printed after the customer's UPI claim (issue 20)", () => {
  const pressed = (dialog: HTMLElement) =>
    within(dialog)
      .getAllByRole('button', { pressed: true })
      .map((b) => b.textContent);

  it('starts on UPI and tells staff to check their UPI app when the customer says they paid', async () => {
    const { dialog, user, sent } = renderDialog(makeJob({ id: 'j1', number: 7, paymentClaimedAt: '2026-03-02T10:05:00.000Z' }, [4, 8]));
    expect(pressed(dialog)).toEqual(['UPI']);
    expect(within(dialog).getByTestId('payment-claim-note')).toHaveTextContent(
      'The customer says they paid by UPI: check your UPI app before confirming.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(sent).toEqual([{ amount: 24, paymentMethod: 'upi' }]);
  });

  it("keeps staff's own choice over the claim", async () => {
    const { dialog, user, sent } = renderDialog(makeJob({ id: 'j1', number: 7, paymentClaimedAt: '2026-03-02T10:05:00.000Z' }, [4, 8]));
    await user.click(within(dialog).getByRole('button', { name: 'Cash' }));
    expect(pressed(dialog)).toEqual(['Cash']);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(sent).toEqual([{ amount: 24, paymentMethod: 'cash' }]);
  });

  it('starts on cash, with no note, when the customer has said nothing', () => {
    const { dialog } = renderDialog();
    expect(pressed(dialog)).toEqual(['Cash']);
    expect(within(dialog).queryByTestId('payment-claim-note')).not.toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/says they paid/);
  });
});
