import { BANNER_EXTENSIONS, MAX_ONBOARDING_BANNERS } from '@counterprint/contract';
import { useEffect, useId, useState } from 'react';
import { Icon } from '../../components/Icon';
import { checkBanners, type ImageSizeReader, readImageSize } from './banners';

const ACCEPT = BANNER_EXTENSIONS.map((e) => `.${e}`).join(',');

/** One object URL per preview, released when the preview goes (StrictMode-safe: made in the effect). */
function BannerPreview({ file, onRemove }: { file: File; onRemove: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return (
    <li className="group relative overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
      {url && <img src={url} alt={`Banner ${file.name}`} className="aspect-[16/9] w-full object-cover" />}
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove banner ${file.name}`}
        className="absolute top-1.5 right-1.5 rounded-full bg-slate-900/70 p-1.5 text-white hover:bg-slate-900"
      >
        <Icon name="close" className="h-3.5 w-3.5" />
      </button>
      <span className="block truncate px-2 py-1 text-xs text-slate-600">{file.name}</span>
    </li>
  );
}

interface BannerPickerProps {
  banners: File[];
  onChange: (banners: File[]) => void;
  readSize?: ImageSizeReader;
}

export function BannerPicker({ banners, onChange, readSize = readImageSize }: BannerPickerProps) {
  const inputId = useId();
  const [errors, setErrors] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);
  const full = banners.length >= MAX_ONBOARDING_BANNERS;

  const pick = async (picked: File[]) => {
    if (picked.length === 0) return;
    setChecking(true);
    const result = await checkBanners(banners.length, picked, readSize);
    setChecking(false);
    setErrors(result.errors);
    if (result.accepted.length > 0) onChange([...banners, ...result.accepted]);
  };

  return (
    <div>
      <div className="mb-1.5 flex items-center justify-between">
        <span className="text-sm font-medium text-slate-700">Banners</span>
        <span className="text-xs text-slate-500">
          {banners.length} of {MAX_ONBOARDING_BANNERS}
        </span>
      </div>
      <label
        htmlFor={inputId}
        className={`flex cursor-pointer items-center justify-center gap-2 rounded-xl border-2 border-dashed border-slate-300 px-4 py-5 text-sm text-slate-600 hover:border-brand-400 hover:bg-brand-50/40 ${
          checking ? 'opacity-60' : ''
        }`}
      >
        <Icon name="files" className="h-5 w-5 text-brand-600" />
        <span>
          <span className="font-semibold text-slate-800">{checking ? 'Checking…' : 'Add banners'}</span>
          <span className="block text-xs text-slate-500">Landscape PNG, JPG or WebP, up to 5 MB each</span>
        </span>
        <input
          id={inputId}
          type="file"
          multiple
          accept={ACCEPT}
          aria-label="Add banners"
          className="sr-only"
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = '';
            // Full already: still run the check so the owner hears why nothing was added.
            void pick(files);
          }}
        />
      </label>
      {full && <p className="mt-1.5 text-xs text-slate-500">That's the most a new shop can have; more can be added later in Settings.</p>}
      {errors.length > 0 && (
        <ul role="alert" className="mt-2 space-y-1 rounded-lg border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-700">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {banners.length > 0 && (
        <ul aria-label="Chosen banners" className="mt-3 grid grid-cols-2 gap-3">
          {banners.map((file, i) => (
            <BannerPreview
              key={`${file.name}-${file.size}-${file.lastModified}`}
              file={file}
              onRemove={() => {
                onChange(banners.filter((_, j) => j !== i));
                setErrors([]);
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
