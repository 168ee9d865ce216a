import { PublicLayout } from '../../components/site/PublicLayout';
import { SECURITY_FEATURES, SECURITY_PAGE, SECURITY_STATS } from '../../content/security';
import { CardGrid, LinkPair, PageHero, Section, StatGrid } from './ui';

export default function SecurityPage() {
  const page = SECURITY_PAGE;
  return (
    <PublicLayout title="Security">
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead}>
        <LinkPair primary={page.report} secondary={page.privacy} />
      </PageHero>
      <Section title={page.featuresTitle}>
        <CardGrid items={SECURITY_FEATURES} />
      </Section>
      <section className="bg-slate-950">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 className="mb-10 text-center text-3xl font-bold tracking-tight text-white">{page.statsTitle}</h2>
          <StatGrid stats={SECURITY_STATS} dark />
        </div>
      </section>
      <Section title={page.certsTitle} tone="muted">
        <p className="mx-auto max-w-2xl text-center text-slate-700">{page.certsText}</p>
      </Section>
      <Section>
        <div className="flex flex-col items-center justify-between gap-6 rounded-3xl border border-brand-200 bg-brand-50 p-8 text-center md:flex-row md:text-left">
          <div>
            <h2 className="text-2xl font-bold text-slate-900">{page.ctaTitle}</h2>
            <p className="mt-2 text-slate-700">{page.ctaText}</p>
          </div>
          <LinkPair
            primary={page.report}
            secondary={{ to: page.privacy.to, label: 'Privacy policy' }}
            className="flex shrink-0 flex-col gap-3 sm:flex-row"
          />
        </div>
      </Section>
    </PublicLayout>
  );
}
