import type { ReactNode } from 'react';
import { ScrollRegion } from './ScrollRegion';

interface TableCardProps {
  /** The card's top row: its h2 and whatever sits beside it. */
  header: ReactNode;
  /** Said instead of the table when there are no rows (or none yet); null shows the table. */
  empty: ReactNode;
  /** The scroller's accessible name. */
  label: string;
  /** Keeps the columns readable on a phone: the table scrolls sideways instead. */
  minWidth: string;
  columns: readonly string[];
  /** The one column of figures, aligned right. */
  numeric: string;
  /** Header cells after the named columns (an unlabelled actions column). */
  extraHead?: ReactNode;
  /** The body rows. */
  children: ReactNode;
  /** Below the table: the pager, and any note about it. */
  footer: ReactNode;
}

/** A white card holding one paged table: the analytics screen's recent jobs, the earnings screen's orders. */
export function TableCard({ header, empty, label, minWidth, columns, numeric, extraHead, children, footer }: TableCardProps) {
  return (
    <section className="min-w-0 rounded-2xl border border-slate-200 bg-white shadow-xs">
      {header}
      {empty ? (
        <p className="border-t border-slate-100 px-5 py-10 text-center text-sm text-slate-500">{empty}</p>
      ) : (
        <ScrollRegion label={label} className="border-t border-slate-100">
          <table className={`w-full ${minWidth} text-left text-sm`}>
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                {columns.map((h) => (
                  <th key={h} scope="col" className={`px-4 py-2.5 ${h === numeric ? 'text-right' : ''}`}>
                    {h}
                  </th>
                ))}
                {extraHead}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">{children}</tbody>
          </table>
        </ScrollRegion>
      )}
      <div className="border-t border-slate-100 p-4">{footer}</div>
    </section>
  );
}
