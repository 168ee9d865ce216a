import { useState } from 'react';
import { PublicLayout } from '../../app/PublicLayout';
import { CATEGORY_LABEL, REVIEW_CATEGORIES, REVIEW_STATS, REVIEWS_PAGE, type ReviewCategory, TESTIMONIALS } from '../../content/reviews';
import { CtaBand } from './CtaBand';
import { TestimonialCard } from './TestimonialCard';
import { PageHero, Section, StatGrid } from './ui';

type Filter = ReviewCategory | 'all';
const FILTERS: Filter[] = ['all', ...REVIEW_CATEGORIES];

export default function ReviewsPage() {
  const [filter, setFilter] = useState<Filter>('all');
  const page = REVIEWS_PAGE;
  const shown = filter === 'all' ? TESTIMONIALS : TESTIMONIALS.filter((t) => t.category === filter);
  return (
    <PublicLayout title="Reviews">
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead}>
        <div className="mx-auto max-w-4xl text-left">
          <StatGrid stats={REVIEW_STATS} />
        </div>
      </PageHero>
      <Section>
        <fieldset className="mb-10">
          <legend className="sr-only">{page.filterLabel}</legend>
          <div className="flex flex-wrap justify-center gap-2">
            {FILTERS.map((f) => (
              <button
                key={f}
                type="button"
                aria-pressed={filter === f}
                onClick={() => setFilter(f)}
                className={`rounded-full px-4 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                  filter === f ? 'bg-slate-900 text-white' : 'border border-slate-200 bg-white text-slate-700 hover:border-slate-300'
                }`}
              >
                {CATEGORY_LABEL[f]}
              </button>
            ))}
          </div>
        </fieldset>
        <h2 className="sr-only">{filter === 'all' ? 'All reviews' : `Reviews about ${CATEGORY_LABEL[filter].toLowerCase()}`}</h2>
        <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {shown.map((t) => (
            <li key={t.name}>
              <TestimonialCard t={t} />
            </li>
          ))}
        </ul>
      </Section>
      <CtaBand title={page.cta.title} text={page.cta.text} primary={page.cta.action} />
    </PublicLayout>
  );
}
