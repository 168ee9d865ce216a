import { PublicLayout } from '../../components/site/PublicLayout';
import { HOW_PAGE, HOW_STEPS } from '../../content/how';
import { useVisitorLink } from '../../session/createShop';
import { CtaBand } from './CtaBand';
import { CheckList, IconBadge, LinkPair, PageHero, Section } from './ui';

export default function HowItWorksPage() {
  const page = HOW_PAGE;
  const primary = useVisitorLink(page.primary);
  return (
    <PublicLayout title="How it works">
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead}>
        <LinkPair primary={primary} secondary={page.secondary} />
      </PageHero>
      <Section>
        <ol className="relative mx-auto max-w-4xl space-y-8">
          {HOW_STEPS.map((step, i) => (
            <li
              key={step.title}
              className="grid gap-6 rounded-3xl border border-slate-200 bg-white p-6 shadow-xs sm:grid-cols-[auto_1fr] sm:p-8"
            >
              <div className="flex items-center gap-4 sm:flex-col sm:items-start">
                <span className="flex h-12 w-12 items-center justify-center rounded-full bg-slate-900 text-lg font-bold text-brand-300">
                  {i + 1}
                </span>
                <IconBadge name={step.icon} className="sm:hidden" />
              </div>
              <div>
                <h2 className="text-2xl font-bold text-slate-900">
                  <span className="sr-only">Step {i + 1}: </span>
                  {step.title}
                </h2>
                <p className="mt-3 text-slate-600">{step.text}</p>
                <CheckList
                  items={step.points}
                  className="mt-5 grid gap-2.5 sm:grid-cols-3"
                  itemClassName="flex gap-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-700"
                />
              </div>
            </li>
          ))}
        </ol>
      </Section>
      <CtaBand title={page.ctaTitle} text={page.ctaText} primary={page.primary} secondary={page.secondary} />
    </PublicLayout>
  );
}
