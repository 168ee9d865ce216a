import { useDeferredValue, useId, useState } from 'react';
import { Icon } from '../../components/Icon';
import { PublicLayout } from '../../components/site/PublicLayout';
import { type Faq, HELP_GROUPS } from '../../content/faqs';
import { HELP_PAGE } from '../../content/help';
import { FaqList } from './FaqList';
import { LinkPair, PageHero, Section } from './ui';

/** Every word of the query must appear in the question or the answer, in any order. */
export function matchesQuery(faq: Faq, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${faq.q} ${faq.a}`.toLowerCase();
  return words.every((w) => text.includes(w));
}

export default function HelpPage() {
  const page = HELP_PAGE;
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim());
  const searchId = useId();
  const groups = HELP_GROUPS.map((g) => ({ ...g, faqs: g.faqs.filter((f) => matchesQuery(f, deferred)) })).filter((g) => g.faqs.length > 0);
  const total = groups.reduce((n, g) => n + g.faqs.length, 0);

  return (
    <PublicLayout title="Help centre">
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead}>
        <div className="relative mx-auto max-w-xl">
          <label htmlFor={searchId} className="sr-only">
            {page.searchLabel}
          </label>
          <Icon name="search" className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-slate-400" />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={page.searchPlaceholder}
            className="block h-13 w-full rounded-2xl border border-slate-300 bg-white pr-4 pl-12 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          />
        </div>
        {deferred && (
          <p role="status" className="mt-3 text-sm text-slate-600">
            {total > 0 ? page.count(total) : page.noMatch(deferred)}
          </p>
        )}
      </PageHero>
      <Section>
        <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-[14rem_1fr]">
          <nav aria-label="Help topics" className="hidden lg:block">
            <ul className="sticky top-24 space-y-1 text-sm">
              {HELP_GROUPS.map((g) => (
                <li key={g.id}>
                  <a
                    href={`#${g.id}`}
                    className="block rounded-lg px-3 py-2 font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                  >
                    {g.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="space-y-12">
            {groups.map((g) => (
              <section key={g.id} id={g.id} aria-labelledby={`${g.id}-title`}>
                <h2 id={`${g.id}-title`} className="mb-4 text-xl font-bold text-slate-900">
                  {g.title}
                </h2>
                <FaqList faqs={g.faqs} />
              </section>
            ))}
            {groups.length === 0 && (
              <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600">{page.noMatch(deferred)}</p>
            )}
            <div className="rounded-3xl border border-brand-200 bg-brand-50 p-8 text-center">
              <h2 className="text-xl font-bold text-slate-900">{page.stillStuck}</h2>
              <p className="mt-2 text-slate-700">{page.stillStuckText}</p>
              <LinkPair primary={page.contact} secondary={page.setup} className="mt-6 flex flex-col justify-center gap-3 sm:flex-row" />
            </div>
          </div>
        </div>
      </Section>
    </PublicLayout>
  );
}
