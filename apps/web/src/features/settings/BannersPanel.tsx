import { MAX_SETTINGS_BANNERS, type TShopProfile } from '@counterprint/contract';
import { useId, useState } from 'react';
import { serverMessageOr } from '../../api/client';
import { useRemoveBanners, useUploadBanners } from '../../api/settings';
import { Button, buttonClass } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { SHORT_TOAST_MS, useToast } from '../../components/Toast';
import { Panel } from './fields';
import { SETTINGS_TOASTS } from './messages';
import { BANNER_ACCEPT, type BannerDraft } from './useBannerDraft';

interface Props {
  shopId: string;
  banners: string[];
  draft: BannerDraft;
  onSaved: (shop: TShopProfile) => void;
}

/** Saved banners (mark 'To be removed' / unmark, Remove Selected) and picked ones waiting to upload. */
export function BannersPanel({ shopId, banners, draft, onSaved }: Props) {
  const toast = useToast(SHORT_TOAST_MS);
  const inputId = useId();
  const [skipped, setSkipped] = useState(0);
  const upload = useUploadBanners(shopId, {
    onSuccess: (shop) => {
      draft.clearPending();
      onSaved(shop);
      toast(SETTINGS_TOASTS.bannersUploaded, 'success');
    },
    onError: (err) => toast(serverMessageOr(err, SETTINGS_TOASTS.bannersUploadFailed), 'error'),
  });
  const remove = useRemoveBanners(shopId, {
    onSuccess: (shop) => {
      draft.clearMarked();
      onSaved(shop);
      toast(SETTINGS_TOASTS.bannersRemoved, 'success');
    },
    onError: (err) => toast(serverMessageOr(err, SETTINGS_TOASTS.bannersRemoveFailed), 'error'),
  });
  const busy = upload.isPending || remove.isPending;
  const total = banners.length + draft.files.length;

  return (
    <Panel
      title="Banners"
      description={`Shown at the top of your public page. Up to ${MAX_SETTINGS_BANNERS} images: PNG, JPG, JPEG or WebP.`}
      actions={
        <Button
          variant="danger"
          disabled={draft.marked.size === 0 || busy}
          loading={remove.isPending}
          onClick={() => remove.mutate([...draft.marked])}
        >
          Remove Selected{draft.marked.size > 0 ? ` (${draft.marked.size})` : ''}
        </Button>
      }
    >
      {banners.length === 0 && draft.pending.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">No banners yet.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {banners.map((path, i) => {
            const marked = draft.marked.has(path);
            return (
              <li
                key={path}
                className={`overflow-hidden rounded-xl border ${marked ? 'border-red-300 ring-2 ring-red-100' : 'border-slate-200'}`}
              >
                <div className="relative aspect-video bg-slate-100">
                  <img src={path} alt={`Banner ${i + 1}`} className={`h-full w-full object-cover ${marked ? 'opacity-40' : ''}`} />
                  {marked && (
                    <span className="absolute top-2 left-2 rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
                      To be removed
                    </span>
                  )}
                </div>
                <button
                  type="button"
                  onClick={() => draft.toggle(path)}
                  disabled={busy}
                  aria-pressed={marked}
                  aria-label={`${marked ? 'Unmark' : 'Mark for removal'} banner ${i + 1}`}
                  className="w-full border-t border-slate-200 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
                >
                  {marked ? 'Unmark' : 'Mark for removal'}
                </button>
              </li>
            );
          })}
          {draft.pending.map((p) => (
            <li key={p.url} className="overflow-hidden rounded-xl border border-brand-200">
              <div className="relative aspect-video bg-slate-100">
                <img src={p.url} alt={`New banner ${p.file.name}`} className="h-full w-full object-cover" />
                <span className="absolute top-2 left-2 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">New</span>
              </div>
              <button
                type="button"
                onClick={() => draft.drop(p.file)}
                disabled={busy}
                aria-label={`Discard ${p.file.name}`}
                className="w-full truncate border-t border-slate-200 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
              >
                Discard
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <label htmlFor={inputId} className={buttonClass('secondary', busy ? 'pointer-events-none opacity-50' : 'cursor-pointer')}>
          <Icon name="files" className="h-4 w-4" />
          Choose images
        </label>
        <input
          id={inputId}
          type="file"
          multiple
          accept={BANNER_ACCEPT}
          aria-label="Add banners"
          className="sr-only"
          disabled={busy}
          onChange={(e) => {
            setSkipped(draft.add(Array.from(e.target.files ?? [])));
            e.target.value = '';
          }}
        />
        {draft.files.length > 0 && (
          <Button loading={upload.isPending} disabled={busy} onClick={() => upload.mutate(draft.files)}>
            Upload {draft.files.length} {draft.files.length === 1 ? 'banner' : 'banners'}
          </Button>
        )}
        <span className={`text-sm ${total > MAX_SETTINGS_BANNERS ? 'font-medium text-amber-700' : 'text-slate-500'}`}>
          {total} of {MAX_SETTINGS_BANNERS}
        </span>
      </div>
      {skipped > 0 && (
        <p className="mt-2 text-sm text-amber-700">
          {skipped === 1 ? 'One file was' : `${skipped} files were`} skipped: banners must be PNG, JPG, JPEG or WebP.
        </p>
      )}
      {draft.files.length > 0 && <p className="mt-2 text-xs text-slate-500">New banners are also uploaded when you save the profile.</p>}
    </Panel>
  );
}
