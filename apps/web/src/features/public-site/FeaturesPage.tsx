import { Icon } from '../../components/Icon';
import { PublicLayout } from '../../components/site/PublicLayout';
import { FORMAT_LABELS } from '../../content/facts';
import { FEATURE_CARDS, FEATURE_HIGHLIGHTS, FEATURES_PAGE } from '../../content/features';
import { CtaBand } from './CtaBand';
import { CardGrid, PageHero, Section } from './ui';

export default function FeaturesPage() {
  const page = FEATURES_PAGE;
  return (
    <PublicLayout title="Features">
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead} />
      <section className="bg-white">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 pt-16 sm:px-6 md:grid-cols-2">
          {FEATURE_HIGHLIGHTS.map((h) => (
            <article key={h.title} className="relative overflow-hidden rounded-3xl bg-slate-950 p-8 text-white shadow-xl">
              <div aria-hidden="true" className="absolute -top-16 -right-16 h-48 w-48 rounded-full bg-brand-500/30 blur-3xl" />
              <span className="relative flex h-12 w-12 items-center justify-center rounded-xl bg-brand-400 text-slate-950">
                <Icon name={h.icon} className="h-6 w-6" />
              </span>
              <h2 className="relative mt-6 text-2xl font-bold">{h.title}</h2>
              <p className="relative mt-1 font-semibold text-brand-300">{h.stat}</p>
              <p className="relative mt-4 leading-relaxed text-slate-300">{h.text}</p>
            </article>
          ))}
        </div>
      </section>
      <Section title={page.gridTitle}>
        <CardGrid items={FEATURE_CARDS} />
      </Section>
      <Section title={page.formatsTitle} lead={page.formatsLead} tone="muted">
        <ul aria-label="Accepted file formats" className="mx-auto flex max-w-3xl flex-wrap justify-center gap-2.5">
          {FORMAT_LABELS.map((label) => (
            <li
              key={label}
              className="rounded-lg border border-slate-200 bg-white px-3.5 py-2 font-mono text-sm font-semibold text-slate-800 shadow-xs"
            >
              {label}
            </li>
          ))}
        </ul>
      </Section>
      <CtaBand tone="muted" {...page.cta} />
    </PublicLayout>
  );
}
