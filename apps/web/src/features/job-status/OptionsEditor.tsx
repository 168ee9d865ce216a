import type { TPrintOptions, TPublicJob } from '@counterprint/contract';
import { type FormEvent, useState } from 'react';
import { serverMessageOr } from '../../api/client';
import { changeJobOptions } from '../../api/publicJobs';
import { usePublicShop } from '../../api/shops';
import { Button } from '../../components/Button';
import { FormError } from '../../components/FormMessage';
import { PrintChoices } from '../../components/PrintChoices';
import { Spinner } from '../../components/Spinner';
import { isOnePage, pagesProblem, sentOptions } from '../../lib/printChoices';

type JobFile = TPublicJob['files'][number];

/**
 * Each file's options as the shop page's chips, saved together (PUT …/options). Its own chunk: most
 * customers never change a job, and the chips need the shop's rate card, papers and colour detection.
 */
export default function OptionsEditor({
  job,
  token,
  onSaved,
  onClose,
}: {
  job: TPublicJob;
  token: string;
  onSaved: (job: TPublicJob) => void;
  onClose: () => void;
}) {
  const { data: shop, isError } = usePublicShop(job.shopSlug);
  const [choices, setChoices] = useState<Map<string, TPrintOptions>>(() => new Map());
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The server shows options filled in; `nup` comes as a plain number, always one the chips offer.
  const optionsOf = (file: JobFile) => choices.get(file.id) ?? (file.options as TPrintOptions);
  const choose = (file: JobFile, options: TPrintOptions) => {
    setChoices((map) => new Map(map).set(file.id, options));
    setFailure(null);
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const bad = job.files.find((f) => pagesProblem(optionsOf(f).pages));
    if (bad) {
      setFailure(`${bad.name}: ${pagesProblem(optionsOf(bad).pages)}`);
      return;
    }
    setPending(true);
    setFailure(null);
    try {
      onSaved(
        await changeJobOptions(
          token,
          job.files.map((f) => ({ fileId: f.id, options: sentOptions(optionsOf(f)) })),
        ),
      );
    } catch (err) {
      setFailure(serverMessageOr(err, 'Could not save the changes. Check your connection and try again.'));
      setPending(false);
    }
  };

  return (
    <form onSubmit={save} noValidate aria-labelledby="options-title" className="rounded-2xl border border-brand-200 bg-white p-5 shadow-sm">
      <h2 id="options-title" className="text-base font-semibold text-slate-900">
        Change options
      </h2>
      {!shop ? (
        <div className="py-6 text-center">
          {isError ? <FormError>Could not load the shop's print options. Try again.</FormError> : <Spinner label="Loading options" />}
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {job.files.map((file) => (
            <li key={file.id} className="py-3">
              <span className="block truncate text-sm font-medium text-slate-800">{file.name}</span>
              <PrintChoices
                fileName={file.name}
                shop={shop}
                options={optionsOf(file)}
                onePage={isOnePage(file.name)}
                disabled={pending}
                onChange={(o) => choose(file, o)}
              />
            </li>
          ))}
        </ul>
      )}
      {failure && (
        <div className="mt-3">
          <FormError>{failure}</FormError>
        </div>
      )}
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          Keep as it was
        </Button>
        <Button type="submit" loading={pending} disabled={!shop}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
