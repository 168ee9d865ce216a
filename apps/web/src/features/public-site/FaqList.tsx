import { Icon } from '../../components/Icon';
import type { Faq } from '../../content/faqs';

/** Native <details> accordions: keyboard and screen-reader friendly with no script. */
export function FaqList({ faqs }: { faqs: readonly Faq[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-xs">
      {faqs.map((faq) => (
        <details key={faq.q} className="group px-5 sm:px-6">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
            {faq.q}
            <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600 transition group-open:rotate-45 group-open:bg-brand-100 group-open:text-brand-800">
              <Icon name="close" className="h-3.5 w-3.5 rotate-45" />
            </span>
          </summary>
          <p className="-mt-1 pb-5 text-sm leading-relaxed text-slate-600">{faq.a}</p>
        </details>
      ))}
    </div>
  );
}
