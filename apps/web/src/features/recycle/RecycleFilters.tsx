import type { RecycleFileType, RecycleRange } from '../../api/recycle';
import { Icon } from '../../components/Icon';
import { RANGE_OPTIONS, type RecycleSort, SORT_OPTIONS, TYPE_OPTIONS } from './bin';

export interface Filters {
  range: RecycleRange;
  fileType: RecycleFileType;
  sort: RecycleSort;
  search: string;
}

const CONTROL =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:text-sm';

function Select<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (v: T) => void;
}) {
  return (
    <label className="block min-w-0">
      <span className="mb-1 block text-xs font-medium text-slate-600">{label}</span>
      <select className={CONTROL} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function RecycleFilters({ filters, onChange }: { filters: Filters; onChange: (change: Partial<Filters>) => void }) {
  return (
    <div className="grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-xs lg:grid-cols-[repeat(3,minmax(0,11rem))_minmax(0,1fr)]">
      <Select label="Deleted" value={filters.range} options={RANGE_OPTIONS} onChange={(range) => onChange({ range })} />
      <Select label="File type" value={filters.fileType} options={TYPE_OPTIONS} onChange={(fileType) => onChange({ fileType })} />
      <div className="col-span-2 lg:col-span-1">
        <Select label="Sort" value={filters.sort} options={SORT_OPTIONS} onChange={(sort) => onChange({ sort })} />
      </div>
      <label className="relative col-span-2 block lg:col-span-1">
        <span className="mb-1 block text-xs font-medium text-slate-600">Search</span>
        <Icon name="search" className="pointer-events-none absolute bottom-3 left-3 h-4 w-4 text-slate-400" />
        <input
          type="search"
          value={filters.search}
          onChange={(e) => onChange({ search: e.target.value })}
          placeholder="Search by file, customer or id"
          className={`${CONTROL} pl-9`}
        />
      </label>
    </div>
  );
}
