import { RECEIPT_KEYS_PATH, type TDeletionReceipt, type TReceiptCopies } from '@counterprint/contract';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, serverMessageOr } from '../../api/client';
import { fetchReceipt, fetchReceiptKeys } from '../../api/publicJobs';
import { Button } from '../../components/Button';
import { FormError } from '../../components/FormMessage';
import { Icon } from '../../components/Icon';
import { Spinner } from '../../components/Spinner';
import { formatBytes } from '../../lib/format';
import { plural } from '../../lib/jobWords';
import { saveBlob } from '../../lib/saveBlob';
import { type ReceiptCheck, verifyReceipt } from './verifyReceipt';

type Loaded = { jws: string; check: ReceiptCheck };

const when = (iso: string) => new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

const ROLE_WORDS = { pdf: 'converted PDF', thumbnail: 'thumbnail', preview: 'preview' } as const;

type ReceiptFile = TDeletionReceipt['files'][number];

/** Each kind of copy that left the server, in the customer's words (docs/decisions/063-copies-counted-by-kind.md). */
const COPY_WORDS: Record<keyof TReceiptCopies, string> = {
  original: 'Staff downloaded the file',
  convertedPdf: 'Staff downloaded its converted PDF',
  printReady: 'Staff opened a print-ready PDF in the browser to print',
  printer: 'Sent to the shop’s printer',
};

/** What left the server, one line per kind of copy; a version 1 receipt has one count for all of them. */
export function copiesTaken(file: ReceiptFile): string[] {
  if (!('copies' in file)) {
    return [
      file.downloads === 0
        ? 'Staff never downloaded or printed a copy.'
        : `Staff downloaded or printed a copy ${plural(file.downloads, 'time', 'times')}.`,
    ];
  }
  const kinds = (Object.keys(COPY_WORDS) as (keyof TReceiptCopies)[]).filter((k) => file.copies[k] > 0);
  if (kinds.length === 0) return ['No copy left the server: staff never downloaded it, and it was never sent to print.'];
  return kinds.map((k) => `${COPY_WORDS[k]}: ${plural(file.copies[k], 'time', 'times')}.`);
}

/** A download is the one copy this receipt cannot vouch was deleted. */
export const DOWNLOAD_MEANING = 'A download is a copy saved on the shop’s computer: Counterprint cannot delete it, only the shop can.';

/** Saves text as a file through a temporary link: the receipt never leaves the phone for this. */
const save = (name: string, text: string, type: string) => saveBlob(name, new Blob([text], { type }));

function Verdict({ check }: { check: ReceiptCheck }) {
  if (check.state === 'verified') {
    return (
      <div role="status" className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
        <p className="flex items-center gap-2 font-semibold">
          <Icon name="shieldCheck" className="h-5 w-5 text-emerald-600" />
          Signature verified
        </p>
        <p className="mt-1 text-xs">
          Signed by Counterprint's published key <code className="break-all">{check.kid}</code>.
        </p>
      </div>
    );
  }
  if (check.state === 'failed') {
    return (
      <div role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-300">
        <p className="flex items-center gap-2 font-semibold">
          <Icon name="alert" className="h-5 w-5 text-red-600" />
          Signature NOT verified
        </p>
        <p className="mt-1">This receipt failed its check: {check.reason}. Do not rely on what it says.</p>
      </div>
    );
  }
  return (
    <div role="status" className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
      <p className="font-semibold">This browser cannot check the signature</p>
      <p className="mt-1">
        Download the receipt and run <code>npm run cli -- verify-receipt receipt.jws</code> in Counterprint's source, or check the JWS with
        any EdDSA library against the published keys at <code className="break-all">{RECEIPT_KEYS_PATH}</code>.
      </p>
    </div>
  );
}

function Hash({ sha256 }: { sha256: string }) {
  return (
    <details className="group">
      <summary className="cursor-pointer font-mono text-xs text-slate-600">
        SHA-256 {sha256.slice(0, 12)}…{sha256.slice(-4)}
      </summary>
      <code className="mt-1 block break-all font-mono text-xs text-slate-700">{sha256}</code>
    </details>
  );
}

function ReceiptContent({ receipt }: { receipt: TDeletionReceipt }) {
  const { job } = receipt;
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-500">Job</dt>
        <dd>
          #{job.number} at {receipt.shop.name}
        </dd>
        <dt className="text-slate-500">Sent</dt>
        <dd>{when(job.uploadedAt)}</dd>
        {job.printedAt && (
          <>
            <dt className="text-slate-500">Printed</dt>
            <dd>{when(job.printedAt)}</dd>
          </>
        )}
        {job.cancelledAt && (
          <>
            <dt className="text-slate-500">Cancelled</dt>
            <dd>{when(job.cancelledAt)}</dd>
          </>
        )}
        <dt className="text-slate-500">All deleted</dt>
        <dd>{when(job.deletedAt)}</dd>
      </dl>
      <ul aria-label="Deleted files" className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {receipt.files.map((file, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a receipt's files are fixed and may share a name
          <li key={i} className="space-y-1 px-3 py-2.5">
            <p className="flex justify-between gap-3">
              <span className="min-w-0 break-words font-medium text-slate-900">{file.name}</span>
              <span className="shrink-0 text-xs text-slate-500">{formatBytes(file.size)}</span>
            </p>
            <Hash sha256={file.sha256} />
            <p className="text-xs">
              Sent {when(file.uploadedAt)} · deleted {when(file.deletedAt)}
            </p>
            <p className="text-xs">
              {file.derived.length === 0
                ? 'No copies were made from it.'
                : `Also deleted: ${file.derived.map((d) => `its ${ROLE_WORDS[d.role] ?? d.role} (${formatBytes(d.size)})`).join(', ')}.`}
            </p>
            <ul aria-label={`Copies of ${file.name}`} className="text-xs">
              {copiesTaken(file).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-600">{DOWNLOAD_MEANING}</p>
      <p className="text-xs text-slate-500">
        Receipt {receipt.receiptId}, issued {when(receipt.issuedAt)}.
      </p>
    </div>
  );
}

/** After deletion the page is this: the signed receipt, checked here, in plain words, to keep. */
export function DeletionReceipt({ token, jobNumber }: { token: string; jobNumber: number }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const load = useCallback(async () => {
    setFailure(null);
    try {
      const [jws, keys] = await Promise.all([fetchReceipt(token), fetchReceiptKeys()]);
      setLoaded({ jws, check: await verifyReceipt(jws, keys) });
    } catch (err) {
      // Deleted by the shop's sweep, the receipt follows within a minute; the server's 404 would call the link invalid.
      const notYet = err instanceof ApiError && err.status === 404;
      setFailure(notYet ? 'The receipt is not ready yet. Try again in a minute.' : serverMessageOr(err, 'Could not load the receipt.'));
    }
  }, [token]);

  useEffect(() => {
    void load();
  }, [load]);

  const receipt = loaded?.check.receipt ?? null;
  return (
    <section aria-labelledby="receipt-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="receipt-title" className="text-lg font-semibold text-slate-900">
        Deletion receipt
      </h2>
      {failure ? (
        <div className="space-y-3">
          <FormError>{failure}</FormError>
          <Button variant="secondary" onClick={() => void load()}>
            Try again
          </Button>
        </div>
      ) : !loaded ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="h-4 w-4 text-brand-500" label="Checking" /> Checking the receipt…
        </p>
      ) : (
        <>
          <Verdict check={loaded.check} />
          {receipt && <ReceiptContent receipt={receipt} />}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              onClick={() =>
                save(`receipt-job-${jobNumber}.json`, JSON.stringify({ jws: loaded.jws, payload: receipt }, null, 2), 'application/json')
              }
            >
              <Icon name="download" className="h-4 w-4" />
              Download receipt (JSON)
            </Button>
            <Button variant="secondary" onClick={() => save('receipt.jws', loaded.jws, 'application/jose')}>
              Download receipt.jws
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
