import { PHONE_PATTERN, type TJobCreated } from '@counterprint/contract';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client';
import { type JobUploader, uploadJob } from '../../api/shops';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { FileDropZone, SelectedFiles } from './FilePicking';
import { UploadNotices, UploadProgress, UploadSuccess } from './UploadStates';
import { addToSelection, type UploadNotice, uploadBlocker } from './uploadRules';

interface UploadCardProps {
  slug: string | undefined;
  shopName: string;
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
export function UploadCard({ slug, shopName, waiting = null, upload = uploadJob }: UploadCardProps) {
  const [files, setFiles] = useState<File[]>([]);
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
    if (phoneError) {
      setPhoneTouched(true);
      return;
    }
    setNotices([]);
    setFailure(null);
    setProgress(0);
    try {
      const job = await upload({ slug: slug as string, files, name, phone, onProgress: setProgress });
      setFiles([]);
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
        <SelectedFiles files={files} disabled={uploading} onRemove={remove} />
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
