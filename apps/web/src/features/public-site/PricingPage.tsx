import { useState } from 'react';
import { BillingToggle } from '../../components/BillingToggle';
import { Icon } from '../../components/Icon';
import { ScrollRegion } from '../../components/ScrollRegion';
import { PublicLayout } from '../../components/site/PublicLayout';
import { PRICING_FAQS } from '../../content/faqs';
import { type Billing, PLAN_COMPARISON, PLANS, PRICING_PAGE } from '../../content/pricing';
import { CtaBand } from './CtaBand';
import { FaqList } from './FaqList';
import { PlanCards } from './PlanCards';
import { Eyebrow, Section } from './ui';

function Cell({ value }: { value: string | boolean }) {
  if (value === true)
    return (
      <>
        <Icon name="check" className="mx-auto h-5 w-5 text-brand-700" />
        <span className="sr-only">Included</span>
      </>
    );
  if (value === false)
    return (
      <>
        <Icon name="minus" className="mx-auto h-5 w-5 text-slate-300" />
        <span className="sr-only">Not included</span>
      </>
    );
  return <>{value}</>;
}

function ComparisonTable() {
  // `relative` keeps the absolutely placed sr-only labels inside the scroll box; without it they
  // widen the whole page and a phone scrolls sideways.
  return (
    <ScrollRegion label="Plan comparison" className="rounded-2xl border border-slate-200 bg-white shadow-xs">
      <table className="w-full min-w-[30rem] text-sm">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="px-5 py-4 text-left font-semibold text-slate-700">
              Feature
            </th>
            <th scope="col" className="px-5 py-4 text-center font-semibold text-slate-700">
              {PLANS.spark.name}
            </th>
            <th scope="col" className="bg-brand-50 px-5 py-4 text-center font-semibold text-brand-900">
              {PLANS.premium.name}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {PLAN_COMPARISON.map(([feature, spark, premium]) => (
            <tr key={feature}>
              <th scope="row" className="px-5 py-3.5 text-left font-medium text-slate-800">
                {feature}
              </th>
              <td className="px-5 py-3.5 text-center text-slate-700">
                <Cell value={spark} />
              </td>
              <td className="bg-brand-50/40 px-5 py-3.5 text-center font-medium text-slate-900">
                <Cell value={premium} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

export default function PricingPage() {
  const [billing, setBilling] = useState<Billing>('monthly');
  const page = PRICING_PAGE;
  return (
    <PublicLayout title="Pricing">
      <section className="bg-linear-to-b from-brand-50 via-white to-white">
        <div className="mx-auto max-w-6xl px-4 pt-14 pb-16 sm:px-6 sm:pt-20">
          <div className="mx-auto max-w-2xl text-center">
            <Eyebrow>{page.eyebrow}</Eyebrow>
            <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">{page.title}</h1>
            <p className="mt-5 text-lg text-slate-600">{page.lead}</p>
            <div className="mt-8">
              <BillingToggle value={billing} onChange={setBilling} label={page.toggleLabel} />
            </div>
          </div>
          <div className="mt-12">
            <PlanCards billing={billing} />
          </div>
        </div>
      </section>
      <Section title={page.compareTitle} tone="muted">
        <div className="mx-auto max-w-4xl">
          <ComparisonTable />
        </div>
      </Section>
      <Section title={page.faqTitle}>
        <div className="mx-auto max-w-3xl">
          <FaqList faqs={PRICING_FAQS} />
        </div>
      </Section>
      <CtaBand {...page.cta} />
    </PublicLayout>
  );
}
