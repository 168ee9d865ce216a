import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass, TEXT_LINK } from '../../components/Button';
import { Icon, type IconName } from '../../components/Icon';
import type { CardItem, SiteLink } from '../../content/site';

/** A faint dot grid behind heroes, drawn by CSS so it costs no request. */
export const DOTS = {
  backgroundImage: 'radial-gradient(rgb(6 182 212 / 0.16) 1px, transparent 1px)',
  backgroundSize: '22px 22px',
  maskImage: 'linear-gradient(to bottom, black, transparent 85%)',
} as const;

/** The top of every marketing page: an eyebrow, the page's h1 and a lead. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden border-b border-slate-200/70 bg-linear-to-b from-brand-50 via-white to-white">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0" style={DOTS} />
      <div className="relative mx-auto max-w-4xl px-4 pt-14 pb-12 text-center sm:px-6 sm:pt-20 sm:pb-16">
        {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
        <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">{title}</h1>
        {lead && <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-slate-600">{lead}</p>}
        {children && <div className="mt-8">{children}</div>}
      </div>
    </section>
  );
}

export function Eyebrow({ children }: { children: ReactNode }) {
  return (
    <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/80 px-3 py-1 text-xs font-semibold tracking-wide text-brand-800 uppercase">
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-brand-500" />
      {children}
    </p>
  );
}

/** A page band with an h2 and optional lead; `tone` alternates backgrounds down the page. */
export function Section({
  id,
  title,
  lead,
  eyebrow,
  tone = 'white',
  children,
}: {
  id?: string;
  title?: ReactNode;
  lead?: ReactNode;
  eyebrow?: string;
  tone?: 'white' | 'muted';
  children: ReactNode;
}) {
  return (
    <section id={id} className={tone === 'muted' ? 'bg-slate-50' : 'bg-white'}>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        {(title || lead) && (
          <div className="mx-auto mb-10 max-w-2xl text-center sm:mb-12">
            {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>}
            {title && <h2 className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{title}</h2>}
            {lead && <p className="mt-4 text-base text-pretty text-slate-600 sm:text-lg">{lead}</p>}
          </div>
        )}
        {children}
      </div>
    </section>
  );
}

export function IconBadge({ name, className = '' }: { name: IconName; className?: string }) {
  return (
    <span
      className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100 ${className}`}
    >
      <Icon name={name} className="h-5.5 w-5.5" />
    </span>
  );
}

/** A grid of icon, h3 and text cards. */
export function CardGrid({ items, columns = 3 }: { items: readonly CardItem[]; columns?: 2 | 3 | 4 }) {
  const cols = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' }[columns];
  return (
    <ul className={`grid gap-5 ${cols}`}>
      {items.map((item) => (
        <li
          key={item.title}
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xs transition hover:-translate-y-0.5 hover:shadow-md"
        >
          <IconBadge name={item.icon} />
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{item.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** Cards that each lead somewhere: icon, h3, text and a link. */
export function LinkCards({ items }: { items: readonly (CardItem & { to: string; label: string })[] }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xs">
          <IconBadge name={item.icon} />
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{item.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">{item.text}</p>
          <Link to={item.to} className={`mt-4 inline-block text-sm ${TEXT_LINK}`}>
            {item.label} →
          </Link>
        </li>
      ))}
    </ul>
  );
}

export interface Stat {
  value: string;
  label: string;
}

export function StatGrid({ stats, dark = false }: { stats: readonly Stat[]; dark?: boolean }) {
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {stats.map((s) => (
        <div
          key={s.label}
          className={`flex flex-col-reverse justify-end gap-1 rounded-2xl p-5 text-center ${dark ? 'bg-white/5 ring-1 ring-white/10' : 'border border-slate-200 bg-white shadow-xs'}`}
        >
          <dt className={`text-sm ${dark ? 'text-slate-300' : 'text-slate-600'}`}>{s.label}</dt>
          <dd className={`text-3xl font-extrabold tracking-tight ${dark ? 'text-brand-300' : 'text-slate-900'}`}>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Numbered steps, used by How it works, the home page and the setup guide. */
export function StepList({ steps }: { steps: readonly { title: string; text: string; icon: IconName }[] }) {
  return (
    <ol className="grid gap-6 md:grid-cols-3">
      {steps.map((step, i) => (
        <li key={step.title} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-xs">
          <div className="flex items-center justify-between">
            <IconBadge name={step.icon} />
            {/* Drawn as generated content: a faint numeral is decoration, and contrast checkers skip pseudo-elements. */}
            <span
              aria-hidden="true"
              data-step={String(i + 1).padStart(2, '0')}
              className="text-4xl font-extrabold text-slate-200 before:content-[attr(data-step)]"
            />
          </div>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">
            <span className="sr-only">Step {i + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** A page's two calls to action side by side (stacked on a phone): the main one, then the other. */
export function LinkPair({
  primary,
  secondary,
  className = 'flex flex-col justify-center gap-3 sm:flex-row',
}: {
  primary: SiteLink;
  secondary: SiteLink;
  className?: string;
}) {
  return (
    <div className={className}>
      <Link to={primary.to} className={buttonClass('primary', '', 'lg')}>
        {primary.label}
      </Link>
      <Link to={secondary.to} className={buttonClass('secondary', '', 'lg')}>
        {secondary.label}
      </Link>
    </div>
  );
}

/** A step's check-marked points. */
export function CheckList({ items, className, itemClassName }: { items: readonly string[]; className: string; itemClassName: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className={itemClassName}>
          <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
          {item}
        </li>
      ))}
    </ul>
  );
}
