import { Link } from 'react-router';
import { useVisitorLink } from '../../app/createShop';
import { PublicLayout } from '../../app/PublicLayout';
import { buttonClass } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { HOW_PAGE, HOW_STEPS } from '../../content/how';
import { CtaBand } from './CtaBand';
import { IconBadge, PageHero, Section } from './ui';

export default function HowItWorksPage() {
  const page = HOW_PAGE;
  const primary = useVisitorLink(page.primary);
  return (
    <PublicLayout title="How it works">
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead}>
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={primary.to} className={buttonClass('primary', '', 'lg')}>
            {primary.label}
          </Link>
          <Link to={page.secondary.to} className={buttonClass('secondary', '', 'lg')}>
            {page.secondary.label}
          </Link>
        </div>
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
                <ul className="mt-5 grid gap-2.5 sm:grid-cols-3">
                  {step.points.map((p) => (
                    <li key={p} className="flex gap-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
                      <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
                      {p}
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ol>
      </Section>
      <CtaBand title={page.ctaTitle} text={page.ctaText} primary={page.primary} secondary={page.secondary} />
    </PublicLayout>
  );
}
