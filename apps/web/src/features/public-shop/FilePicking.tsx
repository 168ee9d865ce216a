import { UPLOAD_ACCEPT, UPLOAD_LIMITS } from '@counterprint/contract';
import { type DragEvent, type ReactNode, useId, useState } from 'react';
import { Icon } from '../../components/Icon';
import { formatBytes } from '../../lib/format';
import { totalBytes } from '../../lib/uploadRules';

const MAX_MB = UPLOAD_LIMITS.maxFileBytes / (1024 * 1024);

/** Tap to pick (what a phone does) or drop files on it (what a desktop does). */
export function FileDropZone({ disabled, onPick }: { disabled: boolean; onPick: (files: File[]) => void }) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) onPick(Array.from(e.dataTransfer.files));
  };

  return (
    <label
      htmlFor={inputId}
      data-testid="drop-zone"
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed px-4 py-7 text-center transition focus-within:ring-2 focus-within:ring-brand-200 ${
        dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50 hover:border-brand-400 hover:bg-brand-50/40'
      } ${disabled ? 'pointer-events-none opacity-60' : ''}`}
    >
      <span className="mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <Icon name="files" className="h-6 w-6" />
      </span>
      <span className="text-base font-semibold text-slate-900">Choose files</span>
      <span className="mt-0.5 hidden text-sm text-slate-500 sm:block">or drag and drop them here</span>
      <span className="mt-2 text-xs text-slate-500">
        <span className="block">Documents, slides, photos and spreadsheets</span>
        <span className="block">
          up to {MAX_MB} MB each · {UPLOAD_LIMITS.maxFiles} files at a time
        </span>
      </span>
      <input
        id={inputId}
        type="file"
        multiple
        accept={UPLOAD_ACCEPT}
        disabled={disabled}
        aria-label="Choose files to print"
        className="sr-only"
        onChange={(e) => {
          onPick(Array.from(e.target.files ?? []));
          // Cleared so choosing the same file again after removing it still fires a change.
          e.target.value = '';
        }}
      />
    </label>
  );
}

/** The picked files, each with how its sending goes (`statusOf`) and its print options (`optionsOf`) under it. */
export function SelectedFiles({
  files,
  disabled,
  removable = () => !disabled,
  onRemove,
  statusOf,
  optionsOf,
}: {
  files: File[];
  disabled: boolean;
  /** While files are sent, only a failed one can be taken out. */
  removable?: (file: File) => boolean;
  onRemove: (index: number) => void;
  statusOf?: (file: File) => ReactNode;
  optionsOf?: (file: File, index: number) => ReactNode;
}) {
  if (files.length === 0) return null;
  return (
    <div>
      <p className="mb-2 flex justify-between text-xs font-medium text-slate-500">
        <span>
          {files.length} {files.length === 1 ? 'file' : 'files'} selected
        </span>
        <span>{formatBytes(totalBytes(files))}</span>
      </p>
      {/* No scroll box of its own: chips inside a nested scroller fight the page's scroll under a thumb. */}
      <ul aria-label="Selected files" className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {files.map((file, index) => (
          <li key={`${file.name}-${file.size}-${file.lastModified}`} className="px-3 py-2.5">
            <div className="flex items-center gap-3">
              <span className="rounded-lg bg-slate-100 p-1.5 text-slate-500">
                <Icon name="orders" className="h-4 w-4" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-800">{file.name}</span>
                <span className="block text-xs text-slate-500">{formatBytes(file.size)}</span>
              </span>
              <button
                type="button"
                disabled={!removable(file)}
                onClick={() => onRemove(index)}
                aria-label={`Remove ${file.name}`}
                className="-mr-1.5 flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-red-600 disabled:opacity-40"
              >
                <Icon name="close" className="h-4 w-4" />
              </button>
            </div>
            {statusOf?.(file)}
            {optionsOf?.(file, index)}
          </li>
        ))}
      </ul>
    </div>
  );
}
