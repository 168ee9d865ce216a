import { Link } from 'react-router';
import { TEXT_LINK } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { PublicLayout } from '../../components/site/PublicLayout';
import { SETUP_PAGE, SETUP_STEPS } from '../../content/setup';
import type { SiteLink } from '../../content/site';
import { useVisitorLink } from '../../session/createShop';
import { CtaBand } from './CtaBand';
import { CheckList, IconBadge, PageHero, Section } from './ui';

/** Signed in, "Create an account" becomes the account's next step (useVisitorLink). */
function StepLink({ link }: { link: SiteLink }) {
  const { to, label } = useVisitorLink(link);
  return (
    <Link to={to} className={`mt-5 inline-flex items-center gap-1.5 text-sm ${TEXT_LINK}`}>
      {label}
      <Icon name="arrowRight" className="h-4 w-4" />
    </Link>
  );
}

export default function SetupPage() {
  const page = SETUP_PAGE;
  return (
    <PublicLayout title="Setup guide">
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead} />
      <Section>
        <ol className="mx-auto max-w-3xl">
          {SETUP_STEPS.map((step, i) => (
            <li key={step.title} className="relative flex gap-3 pb-10 last:pb-0 sm:gap-8 sm:pb-12">
              {i < SETUP_STEPS.length - 1 && (
                <span aria-hidden="true" className="absolute top-12 bottom-2 left-5 w-px sm:top-14 sm:left-6 bg-slate-200" />
              )}
              <span className="relative flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-slate-900 text-base sm:h-12 sm:w-12 sm:text-lg font-bold text-brand-300">
                {i + 1}
              </span>
              <div className="min-w-0 flex-1 rounded-3xl border border-slate-200 bg-white p-5 shadow-xs sm:p-8">
                <div className="flex items-start justify-between gap-4">
                  <h2 className="text-xl font-bold text-slate-900 sm:text-2xl">
                    <span className="sr-only">Step {i + 1}: </span>
                    {step.title}
                  </h2>
                  <IconBadge name={step.icon} className="hidden sm:flex" />
                </div>
                <p className="mt-3 text-slate-600">{step.text}</p>
                <CheckList items={step.items} className="mt-5 space-y-2.5" itemClassName="flex gap-2.5 text-sm text-slate-700" />
                {step.tip && (
                  <p className="mt-5 rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
                    <strong className="font-semibold">{page.tipTitle}: </strong>
                    {step.tip}
                  </p>
                )}
                {step.link && <StepLink link={step.link} />}
              </div>
            </li>
          ))}
        </ol>
      </Section>
      <CtaBand {...page.cta} />
    </PublicLayout>
  );
}
