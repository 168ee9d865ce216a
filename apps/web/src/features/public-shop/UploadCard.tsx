import { PHONE_PATTERN, type TJobCreated, type TPrintOptions, type TPublicShopDetails } from '@counterprint/contract';
import { type FormEvent, useEffect, useEffectEvent, useState } from 'react';
import { ApiError } from '../../api/client';
import { type ResumableUploads, resumableUploads, uploadIdOf } from '../../api/resumable';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { PrintChoices } from '../../components/PrintChoices';
import { useOnline } from '../../components/useOnline';
import { useScreenAwake } from '../../components/useScreenAwake';
import type { FoundSend, KeptSends } from '../../lib/keptSends';
import { applyToEvery, isOnePage, type PrintShop, pagesProblem, sentOptions, startingOptions } from '../../lib/printChoices';
import { rememberJob } from '../../lib/recentJobs';
import { addToSelection, type UploadNotice, uploadBlocker } from '../../lib/uploadRules';
import { FileDropZone, SelectedFiles } from './FilePicking';
import { PrivacyNotice } from './PrivacyNotice';
import { FileSendStatus, OfflineBanner, ResumeOffer } from './SendStates';
import { UploadNotices, UploadProgress, UploadSuccess } from './UploadStates';
import { useFileSends } from './useFileSends';
import { useKeptSend } from './useKeptSend';

interface UploadCardProps {
  slug: string | undefined;
  shopName: string;
  /** The shop's rates, papers and colour detection: what each file's print options offer. */
  shop: PrintShop;
  /** While the shop is closed: when it opens ("The shop opens at 9:30 AM; your files will be waiting."). */
  waiting?: string | null;
  /** How long the shop keeps files, for the privacy notice. */
  retention: TPublicShopDetails['retention'];
  /** Injected in tests; the real one sends each file with tus, then makes the job of them. */
  uploads?: ResumableUploads;
  /** Where an unfinished send is kept across a reload; IndexedDB unless a test gives its own. */
  kept?: KeptSends;
  /** Where the page goes once the files are sent (the job's status page); without it the card shows the job itself. */
  onSent?: (job: TJobCreated) => void;
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

/** The customer's part of the product: pick files, optionally say who you are, send, get a job number. */
export function UploadCard({
  slug,
  shopName,
  shop,
  waiting = null,
  retention,
  uploads = resumableUploads,
  kept: keptProp,
  onSent,
}: UploadCardProps) {
  const [files, setFiles] = useState<File[]>([]);
  // Keyed by the File itself: removing one file leaves the others' choices where they are.
  const [choices, setChoices] = useState<Map<File, TPrintOptions>>(() => new Map());
  // Refusals of picked files show under the picker; a failed send shows by the button the customer just pressed.
  const [notices, setNotices] = useState<UploadNotice[]>([]);
  const [failure, setFailure] = useState<UploadNotice | null>(null);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [phoneTouched, setPhoneTouched] = useState(false);
  // Sending the files, then making the job of them; back to idle when the job call fails.
  const [phase, setPhase] = useState<'idle' | 'sending' | 'making'>('idle');
  const [created, setCreated] = useState<TJobCreated | null>(null);
  const kept = useKeptSend(slug, keptProp);
  const sends = useFileSends(uploads, slug, kept.noteUrl);
  const online = useOnline();

  const uploading = phase !== 'idle';
  const phaseOf = (file: File) => sends.progress.get(file)?.phase;
  const failed = phase === 'sending' ? files.filter((f) => phaseOf(f) === 'failed') : [];
  // Every file sent or failed: nothing moves until the customer retries or leaves the failed ones out.
  const stuck = failed.length > 0 && files.every((f) => phaseOf(f) === 'done' || phaseOf(f) === 'failed');
  const awake = useScreenAwake(uploading && !stuck);
  const phoneError = phone.trim() && !PHONE_PATTERN.test(phone.trim()) ? 'Please enter a valid phone number.' : null;
  const sentBytes = files.reduce((sum, f) => sum + (sends.progress.get(f)?.sent ?? 0), 0);
  const totalBytes = files.reduce((sum, f) => sum + f.size, 0);
  const percent = phase === 'making' ? 100 : totalBytes > 0 ? Math.floor((sentBytes / totalBytes) * 100) : 0;
  const allSent = phase === 'sending' && files.length > 0 && files.every((f) => sends.progress.get(f)?.phase === 'done');

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
    if (next.files.length > 0) uploads.preload();
  };

  const removeFiles = (gone: File[]) => {
    for (const file of gone) {
      kept.drop(file);
      sends.remove(file);
    }
    const left = files.filter((f) => !gone.includes(f));
    setFiles(left);
    if (left.length === 0) setPhase('idle');
    setNotices([]);
    setFailure(null);
  };
  const remove = (index: number) => {
    const file = files[index];
    if (file) removeFiles([file]);
  };

  // What the button does once the send is stuck on failed files: the rest go without them, or the failed
  // ones are tried again, or (when none can be) they are cleared (docs/decisions/051-failed-files-left-out-at-one-tap.md).
  const stuckAction = (): { label: string; act: () => void } => {
    const what = failed.length === 1 ? failed[0]!.name : `${failed.length} files`;
    if (failed.length < files.length) return { label: `Send without ${what}`, act: () => removeFiles(failed) };
    const retryable = failed.filter((f) => sends.progress.get(f)?.retryable);
    if (retryable.length > 0)
      return {
        label: 'Try again',
        act: () => {
          for (const f of retryable) sends.retry(f);
        },
      };
    return { label: 'Start over', act: () => removeFiles(failed) };
  };

  const makeJob = useEffectEvent(async (at: string) => {
    try {
      const job = await uploads.makeJob(at, {
        uploads: files.map((f) => uploadIdOf(sends.progress.get(f)?.url ?? '')),
        name: name.trim() || undefined,
        phone: phone.trim() || undefined,
        options: files.map((f) => sentOptions(optionsOf(f))),
      });
      void kept.forget();
      sends.clear();
      setFiles([]);
      setChoices(new Map());
      if (job.token) rememberJob({ token: job.token, number: job.number, shopName, shopSlug: at });
      if (onSent && job.statusUrl) onSent(job);
      else setCreated(job);
    } catch (err) {
      setFailure({ title: 'Upload failed', message: failureMessage(err) });
      const code = err instanceof ApiError ? err.code : '';
      // The job was made, its answer lost (a reload while it was made): nothing is left to send or resume.
      if (code === 'UPLOAD_USED') {
        void kept.forget();
        setFiles([]);
        setChoices(new Map());
      }
      // The server no longer has an upload (swept an hour after it began): the next try sends the files anew.
      if (code === 'UPLOAD_USED' || code === 'UNKNOWN_UPLOAD' || code === 'UPLOAD_INCOMPLETE_FILE') sends.clear();
    } finally {
      setPhase('idle');
    }
  });

  useEffect(() => {
    if (!allSent || !slug) return;
    setPhase('making');
    void makeJob(slug);
  }, [allSent, slug]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (stuck) {
      stuckAction().act();
      return;
    }
    if (uploading) return;
    const blocker = uploadBlocker(slug, files);
    if (blocker || !slug) {
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
    kept.keep({
      name,
      phone,
      files: files.map((file) => ({ file, options: optionsOf(file), url: sends.progress.get(file)?.url ?? null })),
    });
    setPhase('sending');
    sends.queue(files);
  };

  const resume = (found: FoundSend) => {
    kept.adopt(found);
    const list = found.files.map((f) => f.file);
    setFiles(list);
    setChoices(new Map(found.files.map((f) => [f.file, f.options])));
    setName(found.name);
    setPhone(found.phone);
    uploads.preload();
    setPhase('sending');
    sends.queue(list, new Map(found.files.map((f) => [f.file, f.url])));
  };

  const startOver = () =>
    kept.forget().then((urls) => {
      for (const url of urls) uploads.forget(url);
    });

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
      {kept.offer ? (
        <ResumeOffer files={kept.offer.files.map(({ file }) => file)} onResume={() => resume(kept.offer!)} onStartOver={startOver} />
      ) : (
        <form onSubmit={submit} noValidate className="mt-4 space-y-4">
          <FileDropZone disabled={uploading} onPick={pick} />
          <UploadNotices notices={notices} />
          <SelectedFiles
            files={files}
            disabled={uploading}
            removable={(file) => !uploading || sends.progress.get(file)?.phase === 'failed'}
            onRemove={remove}
            statusOf={(file) => {
              const progress = sends.progress.get(file);
              if (!progress || (!uploading && progress.phase !== 'failed')) return null;
              return <FileSendStatus name={file.name} progress={progress} online={online} onRetry={() => sends.retry(file)} />;
            }}
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
          {uploading && !online && <OfflineBanner />}
          {uploading && !stuck && <UploadProgress percent={percent} screenKeptOn={awake} />}
          <UploadNotices notices={failure ? [failure] : []} />
          <Button type="submit" className="w-full py-3 text-base" loading={uploading && !stuck}>
            {stuck
              ? stuckAction().label
              : uploading
                ? `Uploading… ${percent}%`
                : files.length > 0
                  ? `Upload ${files.length} ${files.length === 1 ? 'file' : 'files'}`
                  : 'Upload files'}
          </Button>
          <PrivacyNotice shopName={shopName} retention={retention} />
        </form>
      )}
    </section>
  );
}
