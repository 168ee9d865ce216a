import { Icon } from '../../components/Icon';

const QUEUE = [
  { n: 42, name: 'Ananya', file: 'Resume_final.pdf', pages: 2, fresh: true },
  { n: 41, name: 'Karthik', file: 'Lab_report.pdf', pages: 14, fresh: false },
  { n: 40, name: 'Meera', file: 'Aadhaar.jpg', pages: 1, fresh: false },
];

/** A drawn (not photographed) phone and queue, so the hero costs no image download. Decorative only. */
export function HeroVisual() {
  return (
    <div aria-hidden="true" className="relative mx-auto flex w-full max-w-md items-end select-none lg:max-w-none">
      <div className="absolute -inset-6 rounded-[2.5rem] bg-linear-to-tr from-brand-200/60 via-brand-50 to-transparent blur-2xl" />
      <Phone />
      <div className="relative min-w-0 flex-1 rounded-2xl border border-slate-200 bg-white p-4 shadow-2xl shadow-slate-900/10 sm:py-5 sm:pr-5 sm:pl-10">
        <div className="flex items-center justify-between">
          <p className="text-sm font-semibold text-slate-900">Print queue</p>
          <span className="flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-700">
            <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-emerald-500" /> Live
          </span>
        </div>
        <ul className="mt-4 space-y-2.5">
          {QUEUE.map((job) => (
            <li
              key={job.n}
              className={`flex items-center gap-3 rounded-xl border p-3 ${job.fresh ? 'border-brand-200 bg-brand-50' : 'border-slate-100 bg-slate-50'}`}
            >
              <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-white text-xs font-bold text-slate-700 shadow-xs">
                #{job.n}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-900">{job.file}</span>
                <span className="block text-xs text-slate-600">
                  {job.name} · {job.pages} {job.pages === 1 ? 'page' : 'pages'}
                </span>
              </span>
              <span
                className={`rounded-lg px-2.5 py-1.5 text-xs font-semibold ${job.fresh ? 'bg-brand-500 text-white' : 'bg-white text-slate-600'}`}
              >
                Print
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-4 flex items-center gap-2 text-xs text-slate-500">
          <Icon name="recycle" className="h-3.5 w-3.5" /> Printed files delete themselves
        </p>
      </div>
    </div>
  );
}

/** The customer's side: a phone uploading to the shop's page; hidden on narrow screens to leave the queue readable. */
function Phone() {
  return (
    <div className="relative z-10 -mr-6 mb-[-1.5rem] hidden w-40 shrink-0 rotate-[-4deg] rounded-[1.6rem] border-4 border-slate-900 bg-white p-3 shadow-xl sm:block">
      <div className="mx-auto mb-2 h-1 w-10 rounded-full bg-slate-200" />
      <p className="text-[10px] font-semibold text-slate-900">Sharma Xerox</p>
      <div className="mt-2 flex flex-col items-center rounded-xl border-2 border-dashed border-brand-300 bg-brand-50 px-2 py-3 text-brand-700">
        <Icon name="upload" className="h-5 w-5" />
        <p className="mt-1 text-[10px] font-medium">Tap to add files</p>
      </div>
      <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100">
        <div className="h-full w-3/4 rounded-full bg-brand-500" />
      </div>
      <p className="mt-1.5 text-[9px] text-slate-500">Uploading Resume_final.pdf…</p>
    </div>
  );
}
