import { Icon } from '../../components/Icon';
import type { Testimonial } from '../../content/reviews';

export function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex gap-0.5 text-amber-500" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: five fixed positions
        <span key={i} className={i < rating ? '' : 'text-slate-300'}>
          <Icon name="star" className="h-4 w-4 fill-current" />
        </span>
      ))}
    </p>
  );
}

export function TestimonialCard({ t }: { t: Testimonial }) {
  return (
    <figure
      className={`flex h-full flex-col rounded-2xl border p-6 shadow-xs ${
        t.featured ? 'border-brand-200 bg-linear-to-br from-brand-50 to-white ring-1 ring-brand-100' : 'border-slate-200 bg-white'
      }`}
    >
      <div className="flex min-h-6 items-center justify-between gap-3">
        <Stars rating={t.rating} />
        {t.featured && <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900">Featured</span>}
      </div>
      <blockquote className="mt-4 flex-1 text-slate-700">
        <p>“{t.text}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-slate-900 text-sm font-bold text-brand-300"
        >
          {t.avatar}
        </span>
        <span className="min-w-0 text-sm">
          <span className="block font-semibold text-slate-900">{t.name}</span>
          <span className="block text-slate-600">
            {t.role}, {t.company} · {t.location}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
