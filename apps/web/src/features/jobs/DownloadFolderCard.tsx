import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { FOLDER_MESSAGES } from './downloadFolder';
import type { DownloadFolder } from './useDownloads';

/** docs/product/screens.md#live-print-jobs: the download-folder card with Choose folder and Clear. */
export function DownloadFolderCard({ folder }: { folder: DownloadFolder }) {
  return (
    <section aria-labelledby="download-folder" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
          <Icon name="files" className="h-5 w-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="download-folder" className="font-semibold text-slate-900">
            Download folder
          </h2>
          {folder.supported ? (
            <p className={`text-sm text-slate-600 ${folder.folder ? 'truncate' : ''}`}>
              {folder.folder ? (
                <>
                  {/* The origin-private folder and some pickers give a nameless handle. */}
                  Saving to <strong className="font-semibold text-slate-900">{folder.folder.name || 'the chosen folder'}</strong>
                </>
              ) : (
                <>No folder chosen. {FOLDER_MESSAGES.browserDownloads}</>
              )}
            </p>
          ) : (
            <>
              <p className="text-sm text-slate-600">{FOLDER_MESSAGES.unsupported}</p>
              <p className="text-xs text-slate-500">{FOLDER_MESSAGES.browserDownloads}</p>
            </>
          )}
        </div>
      </div>
      {folder.supported && (
        <div className="mt-3 flex gap-2">
          <Button variant="secondary" onClick={() => void folder.choose()}>
            Choose folder
          </Button>
          <Button variant="ghost" onClick={() => void folder.clear()} disabled={!folder.folder}>
            Clear
          </Button>
        </div>
      )}
      {folder.message && folder.message !== FOLDER_MESSAGES.noneSelected && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {folder.message}
        </p>
      )}
    </section>
  );
}
