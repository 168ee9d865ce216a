import { PAGES_PER_SIDE, type TJob, type TJobFile } from '@counterprint/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { serverMessageOr } from '../../api/client';
import { jobKeys, type PrintSetup, useUpdatePrintOptions } from '../../api/jobs';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useToast } from '../../components/Toast';
import { applyLiveMessage } from './liveJobs';
import { type DraftField, draftOf, type OptionsDraft, offersAuto, paperChoices, readDraft } from './printOptionsForm';

export const SAVE_OPTIONS_FAILED = 'Could not save the print options.';

const COLOR_LABEL = { bw: 'B&W', color: 'Colour', auto: 'Auto' } as const;
const SIDES_LABEL = { single: 'Single', double: 'Double' } as const;
const INPUT =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 focus:ring-2 focus:outline-none sm:text-sm aria-invalid:border-red-400 aria-invalid:focus:ring-red-200 border-slate-300 focus:border-brand-500 focus:ring-brand-100';

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-xs font-medium text-red-600">
      {error}
    </p>
  );
}

/** A row of buttons choosing one value; each says whether it is the one chosen. */
function Choice<T extends string | number>({
  legend,
  value,
  options,
  onChange,
  error,
}: {
  legend: string;
  value: T;
  options: readonly { value: T; label: ReactNode }[];
  onChange: (value: T) => void;
  error?: string | undefined;
}) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex gap-1">
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            aria-pressed={value === o.value}
            onClick={() => onChange(o.value)}
            className={`min-w-0 flex-1 rounded-lg border px-2 py-2 text-sm font-semibold transition ${value === o.value ? 'border-brand-500 bg-brand-50 text-brand-800' : 'border-slate-300 bg-white text-slate-600 hover:bg-slate-50'}`}
          >
            {o.label}
          </button>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

interface Props {
  job: TJob;
  file: TJobFile;
  setup: PrintSetup | undefined;
  onClose: () => void;
}

/**
 * Staff change how one file prints (the customer asked at the counter). The server prices the job
 * again and answers it; that answer replaces the job in the list, so the card, viewer and Mark
 * Printed dialog show the new price at once. Its refusal is shown as it wrote it.
 */
export function PrintOptionsDialog({ job, file, setup, onClose }: Props) {
  const id = useId();
  const client = useQueryClient();
  const toast = useToast();
  const [draft, setDraft] = useState<OptionsDraft>(() => draftOf(file.options));
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const save = useUpdatePrintOptions(job.id, file.id, {
    onSuccess: (updated) => {
      client.setQueryData<TJob[]>(jobKeys.list(updated.shopId), (list) =>
        applyLiveMessage(list ?? [], { action: 'updated', job: updated }),
      );
      toast(`Print options saved for ${file.name}.`, 'success');
      onClose();
    },
  });
  const set = <K extends DraftField>(key: K, value: OptionsDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const submit = () => {
    const read = readDraft(draft, file.options.extras, setup);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    save.mutate(read.options);
  };
  const colors = offersAuto(setup, file.options.color) ? (['bw', 'color', 'auto'] as const) : (['bw', 'color'] as const);
  const field = (name: DraftField) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <Modal
      open
      title="Print options"
      onClose={save.isPending ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        className="space-y-3"
      >
        <p className="truncate font-medium text-slate-900" title={file.name}>
          {file.name}
        </p>
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor={`${id}-copies`} className="mb-1 block text-sm font-medium text-slate-700">
              Copies
            </label>
            <input
              {...field('copies')}
              inputMode="numeric"
              value={draft.copies}
              onChange={(e) => set('copies', e.target.value)}
              className={INPUT}
            />
            <FieldError id={`${id}-copies-error`} error={errors.copies} />
          </div>
          <div>
            <label htmlFor={`${id}-paper`} className="mb-1 block text-sm font-medium text-slate-700">
              Paper
            </label>
            <select {...field('paper')} value={draft.paper} onChange={(e) => set('paper', e.target.value)} className={INPUT}>
              {paperChoices(setup, file.options.paper).map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
            <FieldError id={`${id}-paper-error`} error={errors.paper} />
          </div>
        </div>
        <div>
          <label htmlFor={`${id}-pages`} className="mb-1 block text-sm font-medium text-slate-700">
            Pages
          </label>
          <input
            {...field('pages')}
            value={draft.pages}
            onChange={(e) => set('pages', e.target.value)}
            placeholder="all, or 1-3,5"
            autoComplete="off"
            className={INPUT}
          />
          <FieldError id={`${id}-pages-error`} error={errors.pages} />
        </div>
        <Choice
          legend="Colour"
          value={draft.color}
          options={colors.map((c) => ({ value: c, label: COLOR_LABEL[c] }))}
          onChange={(v) => set('color', v)}
          error={errors.color}
        />
        <div className="grid grid-cols-2 gap-3">
          <Choice
            legend="Sides"
            value={draft.sides}
            options={(['single', 'double'] as const).map((s) => ({ value: s, label: SIDES_LABEL[s] }))}
            onChange={(v) => set('sides', v)}
          />
          <Choice
            legend="Pages per side"
            value={draft.nup}
            options={PAGES_PER_SIDE.map((n) => ({ value: n, label: n }))}
            onChange={(v) => set('nup', v)}
          />
        </div>
        {/* Enter in a field saves, as in any form. */}
        <button type="submit" hidden tabIndex={-1} />
      </form>
      {save.isError && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
          {serverMessageOr(save.error, SAVE_OPTIONS_FAILED)}
        </p>
      )}
    </Modal>
  );
}
