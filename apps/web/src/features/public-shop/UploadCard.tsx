import { PHONE_PATTERN, type TJobCreated, type TPrintOptions } from '@counterprint/contract';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client';
import { type JobUploader, uploadJob } from '../../api/shops';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { FileDropZone, SelectedFiles } from './FilePicking';
import { PrintChoices } from './PrintChoices';
import { applyToEvery, isOnePage, type PrintShop, pagesProblem, sentOptions, startingOptions } from './printChoices';
import { UploadNotices, UploadProgress, UploadSuccess } from './UploadStates';
import { addToSelection, type UploadNotice, uploadBlocker } from './uploadRules';

interface UploadCardProps {
  slug: string | undefined;
  shopName: string;
  /** The shop's rates, papers and colour detection: what each file's print options offer. */
  shop: PrintShop;
  /** While the shop is closed: when it opens ("The shop opens at 9:30 AM; your files will be waiting."). */
  waiting?: string | null;
  /** Injected in tests; the real one streams with XMLHttpRequest for progress. */
  upload?: JobUploader;
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

/** The customer's part of the product: pick files, optionally say who you are, send, get a job number. */
export function UploadCard({ slug, shopName, shop, waiting = null, upload = uploadJob }: UploadCardProps) {
  const [files, setFiles] = useState<File[]>([]);
  // Keyed by the File itself: removing one file leaves the others' choices where they are.
  const [choices, setChoices] = useState<Map<File, TPrintOptions>>(() => new Map());
  // Refusals of picked files show under the picker; a failed send shows by the button the customer just pressed.
  const [notices, setNotices] = useState<UploadNotice[]>([]);
  const [failure, setFailure] = useState<UploadNotice | null>(null);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [phoneTouched, setPhoneTouched] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [created, setCreated] = useState<TJobCreated | null>(null);

  const uploading = progress !== null;
  const phoneError = phone.trim() && !PHONE_PATTERN.test(phone.trim()) ? 'Please enter a valid phone number.' : null;

  const optionsOf = (file: File) => choices.get(file) ?? startingOptions(shop);
  const choose = (file: File, options: TPrintOptions) => {
    setChoices((map) => new Map(map).set(file, options));
    setFailure(null);
  };
  const applyToAll = (from: File) => {
    setChoices(applyToEvery(files, from, choices, shop));
    setFailure(null);
  };

  const pick = (picked: File[]) => {
    if (uploading) return;
    const next = addToSelection(files, picked);
    setFiles(next.files);
    setNotices(next.notices);
    setFailure(null);
  };

  const remove = (index: number) => {
    setFiles((list) => list.filter((_, i) => i !== index));
    setNotices([]);
    setFailure(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (uploading) return;
    const blocker = uploadBlocker(slug, files);
    if (blocker) {
      setFailure(blocker);
      return;
    }
    const badPages = files.find((f) => pagesProblem(optionsOf(f).pages));
    if (badPages) {
      setFailure({ title: 'Check the pages', message: `${badPages.name}: ${pagesProblem(optionsOf(badPages).pages)}` });
      return;
    }
    if (phoneError) {
      setPhoneTouched(true);
      return;
    }
    setNotices([]);
    setFailure(null);
    setProgress(0);
    try {
      const options = files.map((f) => sentOptions(optionsOf(f)));
      const job = await upload({ slug: slug as string, files, options, name, phone, onProgress: setProgress });
      setFiles([]);
      setChoices(new Map());
      setCreated(job);
    } catch (err) {
      setFailure({ title: 'Upload failed', message: failureMessage(err) });
    } finally {
      setProgress(null);
    }
  };

  if (created) {
    return <UploadSuccess job={created} shopName={shopName} waiting={waiting} onMore={() => setCreated(null)} />;
  }

  return (
    <section aria-labelledby="upload-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="upload-title" className="text-lg font-semibold text-slate-900">
        Send your files
      </h2>
      <p className="mt-1 text-sm text-slate-500">No account needed. Staff at the counter print them for you.</p>
      {waiting && (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-800 ring-1 ring-amber-200">{waiting}</p>
      )}
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <FileDropZone disabled={uploading} onPick={pick} />
        <UploadNotices notices={notices} />
        <SelectedFiles
          files={files}
          disabled={uploading}
          onRemove={remove}
          optionsOf={(file) => (
            <PrintChoices
              fileName={file.name}
              shop={shop}
              options={optionsOf(file)}
              onePage={isOnePage(file.name)}
              disabled={uploading}
              onChange={(o) => choose(file, o)}
              onApplyToAll={files.length > 1 ? () => applyToAll(file) : undefined}
            />
          )}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Your name (optional)"
            name="name"
            autoComplete="name"
            maxLength={100}
            value={name}
            disabled={uploading}
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            label="Phone (optional)"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={20}
            value={phone}
            disabled={uploading}
            error={phoneTouched ? phoneError : null}
            onChange={(e) => setPhone(e.target.value)}
            onBlur={() => setPhoneTouched(true)}
          />
        </div>
        {uploading && <UploadProgress percent={progress} />}
        <UploadNotices notices={failure ? [failure] : []} />
        <Button type="submit" className="w-full py-3 text-base" loading={uploading}>
          {uploading
            ? `Uploading… ${progress}%`
            : files.length > 0
              ? `Upload ${files.length} ${files.length === 1 ? 'file' : 'files'}`
              : 'Upload files'}
        </Button>
      </form>
    </section>
  );
}
