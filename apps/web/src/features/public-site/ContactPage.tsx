import { PublicLayout } from '../../components/site/PublicLayout';
import { CONTACT_CARDS, CONTACT_PAGE } from '../../content/contact';
import { CONTACT_FAQS } from '../../content/faqs';
import { ContactForm } from './ContactForm';
import { FaqList } from './FaqList';
import { IconBadge, PageHero, Section } from './ui';

export default function ContactPage() {
  const page = CONTACT_PAGE;
  return (
    <PublicLayout title="Contact">
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead} />
      <Section>
        <ul className="grid gap-4 md:grid-cols-3 md:gap-5">
          {CONTACT_CARDS.map((card) => (
            <li key={card.title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs md:block md:p-6">
              <IconBadge name={card.icon} />
              <div className="min-w-0">
                <h2 className="text-base font-semibold text-slate-900 md:mt-4">{card.title}</h2>
                <p className="mt-1 font-medium break-words text-slate-900">
                  {card.href ? (
                    <a href={card.href} className="text-brand-800 hover:underline">
                      {card.value}
                    </a>
                  ) : (
                    card.value
                  )}
                </p>
                <p className="mt-1 text-sm text-slate-600">{card.note}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="mx-auto mt-12 max-w-3xl rounded-3xl border border-slate-200 bg-white p-6 shadow-lg shadow-slate-900/5 sm:p-10">
          <h2 className="text-2xl font-bold text-slate-900">{page.formTitle}</h2>
          <p className="mt-1 mb-8 text-sm text-slate-600">{page.formLead}</p>
          <ContactForm />
        </div>
      </Section>
      <Section title={page.faqTitle} tone="muted">
        <div className="mx-auto max-w-3xl">
          <FaqList faqs={CONTACT_FAQS} />
        </div>
      </Section>
    </PublicLayout>
  );
}
