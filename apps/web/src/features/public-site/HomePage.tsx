import { Link } from 'react-router';
import { buttonClass, TEXT_LINK } from '../../components/Button';
import { Icon, type IconName } from '../../components/Icon';
import { PublicLayout } from '../../components/site/PublicLayout';
import { HOME_FAQS } from '../../content/faqs';
import { HOME_COMPARISON, HOME_HERO, HOME_PROBLEMS, HOME_SECTIONS, HOME_SOLUTIONS, HOME_STEPS } from '../../content/home';
import { REVIEW_CHECKS } from '../../content/reviews';
import { useAuth } from '../../session/auth';
import { CREATE_SHOP, MY_DASHBOARD, useNeedsShop } from '../../session/createShop';
import { CtaBand } from './CtaBand';
import { EmailCapture } from './EmailCapture';
import { FaqList } from './FaqList';
import { HeroVisual } from './HeroVisual';
import { DOTS, Eyebrow, LinkCards, Section, StepList } from './ui';

/** Signed in, the hero's sign-up form gives way to the next step for this account. */
function SignedInHeroActions() {
  const needsShop = useNeedsShop();
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      {needsShop && (
        <Link to={CREATE_SHOP.to} className={buttonClass('primary', 'h-12', 'lg')}>
          {CREATE_SHOP.label}
          <Icon name="arrowRight" className="h-4 w-4" />
        </Link>
      )}
      <Link to={MY_DASHBOARD.to} className={buttonClass(needsShop ? 'secondary' : 'primary', 'h-12', 'lg')}>
        {MY_DASHBOARD.label}
      </Link>
    </div>
  );
}

function Hero() {
  const { signedIn } = useAuth();
  return (
    <section className="relative overflow-hidden bg-linear-to-b from-brand-50 via-white to-white">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0" style={DOTS} />
      <div className="relative mx-auto grid max-w-6xl items-center gap-14 px-4 pt-12 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:pb-24">
        <div>
          <Eyebrow>{HOME_HERO.eyebrow}</Eyebrow>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
            {HOME_HERO.title}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-slate-600">{HOME_HERO.lead}</p>
          <div className="mt-8">
            {signedIn ? <SignedInHeroActions /> : <EmailCapture />}
            <p className="mt-3 text-sm text-slate-600">{HOME_HERO.note}</p>
          </div>
          <Link to={HOME_HERO.secondary.to} className={`mt-6 inline-flex items-center gap-1.5 text-sm ${TEXT_LINK}`}>
            {HOME_HERO.secondary.label}
            <Icon name="arrowRight" className="h-4 w-4" />
          </Link>
        </div>
        <HeroVisual />
      </div>
    </section>
  );
}

function PointList({ items, tone }: { items: readonly { title: string; text: string; icon: IconName }[]; tone: 'bad' | 'good' }) {
  const badge = tone === 'bad' ? 'bg-rose-50 text-rose-700 ring-rose-100' : 'bg-brand-50 text-brand-700 ring-brand-100';
  return (
    <ul className="space-y-5">
      {items.map((item) => (
        <li key={item.title} className="flex gap-4">
          <span className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-xl ring-1 ${badge}`}>
            <Icon name={item.icon} className="h-5 w-5" />
          </span>
          <div>
            <h3 className="font-semibold text-slate-900">{item.title}</h3>
            <p className="mt-1 text-sm leading-relaxed text-slate-600">{item.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function ProblemSolution() {
  const { problem, solution } = HOME_SECTIONS;
  return (
    <Section>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="rounded-3xl border border-slate-200 bg-slate-50 p-6 sm:p-8">
          <p className="text-sm font-semibold tracking-wide text-rose-700 uppercase">{problem.eyebrow}</p>
          <h2 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{problem.title}</h2>
          <div className="mt-8">
            <PointList items={HOME_PROBLEMS} tone="bad" />
          </div>
        </div>
        <div className="rounded-3xl border border-brand-200 bg-linear-to-br from-brand-50 to-white p-6 sm:p-8">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{solution.eyebrow}</p>
          <h2 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{solution.title}</h2>
          <div className="mt-8">
            <PointList items={HOME_SOLUTIONS} tone="good" />
          </div>
        </div>
      </div>
    </Section>
  );
}

function Comparison() {
  const [, oldWay, ours] = HOME_COMPARISON.columns;
  return (
    <Section title={HOME_COMPARISON.title} tone="muted">
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xs">
        <table className="w-full text-left text-sm">
          <thead className="hidden bg-slate-50 sm:table-header-group">
            <tr>
              <th scope="col" className="px-5 py-4 font-semibold text-slate-500">
                <span className="sr-only">Topic</span>
              </th>
              <th scope="col" className="px-5 py-4 font-semibold text-slate-700">
                {oldWay}
              </th>
              <th scope="col" className="bg-brand-50 px-5 py-4 font-semibold text-brand-900">
                {ours}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {HOME_COMPARISON.rows.map(([topic, before, after]) => (
              <tr key={topic} className="grid grid-cols-1 px-5 py-4 sm:table-row sm:p-0">
                <th scope="row" className="pb-2 font-semibold text-slate-900 sm:px-5 sm:py-4">
                  {topic}
                </th>
                <td className="flex items-start gap-2 text-slate-600 sm:table-cell sm:px-5 sm:py-4">
                  <Icon name="close" className="mt-0.5 h-4 w-4 shrink-0 text-rose-600 sm:hidden" />
                  <span className="sr-only sm:hidden">{oldWay}: </span>
                  {before}
                </td>
                <td className="mt-1.5 flex items-start gap-2 font-medium text-slate-900 sm:table-cell sm:bg-brand-50/50 sm:px-5 sm:py-4">
                  <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700 sm:hidden" />
                  <span className="sr-only sm:hidden">{ours}: </span>
                  {after}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

export default function HomePage() {
  const { how, proof, faq, cta } = HOME_SECTIONS;
  return (
    <PublicLayout title="Print files from any phone">
      <Hero />
      <Section eyebrow={how.eyebrow} title={how.title} lead={how.lead} tone="muted">
        <StepList steps={HOME_STEPS} />
      </Section>
      <ProblemSolution />
      <Comparison />
      <Section eyebrow={proof.eyebrow} title={proof.title} lead={proof.lead}>
        <LinkCards items={REVIEW_CHECKS} />
      </Section>
      <Section eyebrow={faq.eyebrow} title={faq.title} tone="muted">
        <div className="mx-auto max-w-3xl">
          <FaqList faqs={HOME_FAQS} />
          <p className="mt-8 text-center">
            <Link to={faq.more.to} className={TEXT_LINK}>
              {faq.more.label} →
            </Link>
          </p>
        </div>
      </Section>
      <CtaBand tone="muted" title={cta.title} text={cta.text} primary={cta.primary} secondary={cta.secondary} />
    </PublicLayout>
  );
}
