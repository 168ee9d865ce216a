import type { TJob } from '@counterprint/contract';
import { FileThumb } from '../../components/FileThumb';

const SHOWN = 3;

/** The first files of a job as a small stack. A phone's row keeps its room for the customer's name; the viewer shows them. */
export function JobThumbs({ job, links, onBroken }: { job: TJob; links: Record<string, string> | undefined; onBroken: () => void }) {
  return (
    <span className="hidden w-12 shrink-0 items-center -space-x-5 sm:flex">
      {job.files.slice(0, SHOWN).map((file, i) => (
        <FileThumb
          key={file.id}
          url={links?.[file.id]}
          onBroken={onBroken}
          // The first file on top: it is the one the row is most often about.
          style={{ zIndex: SHOWN - i }}
          className="relative h-7 w-7 rounded ring-2 ring-white"
        />
      ))}
    </span>
  );
}
