import type { TJob } from '@counterprint/contract';
import { useEffect } from 'react';
import { serverMessageOr } from '../../api/client';
import { hasChosenPrinter, useSendToPrinter, useShopPrinters } from '../../api/printers';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';

/**
 * One click to the shop's printers through its print agent (issue 22), shown once Settings → Printers
 * has a printer chosen. The printer's own answers then appear on each file.
 */
export function SendToPrinter({ job, asked = false, onAsked }: { job: TJob; asked?: boolean; onAsked?: (() => void) | undefined }) {
  const printers = useShopPrinters(job.shopId);
  const send = useSendToPrinter(job.id);
  const chosen = hasChosenPrinter(printers.data);
  const atPrinter = job.files.some((f) => f.printing && !['completed', 'aborted', 'canceled'].includes(f.printing.state));
  const { mutate } = send;
  // The s key: sent once the printers are known, as a click on the button would be; without a chosen printer it does nothing.
  useEffect(() => {
    if (!asked || printers.isPending) return;
    if (chosen && !atPrinter) mutate();
    onAsked?.();
  }, [asked, printers.isPending, chosen, atPrinter, mutate, onAsked]);
  if (!chosen) return null;
  return (
    <>
      <Button onClick={() => send.mutate()} loading={send.isPending} disabled={atPrinter}>
        <Icon name="print" className="h-4 w-4" />
        {atPrinter ? 'At the printer' : 'Send to printer'}
      </Button>
      {send.isError && (
        <p role="alert" className="w-full text-sm font-medium text-red-700">
          {serverMessageOr(send.error, 'Could not send the job to the printer.')}
        </p>
      )}
    </>
  );
}
