import { DEFAULT_SHOP_HOURS, type TOpeningState, type TPublicShopDetails } from '@counterprint/contract';
import type { ReactNode } from 'react';
import { Icon } from '../../components/Icon';
import { durationText } from '../../lib/format';
import { openingLine } from './openingText';

export const directionsUrl = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** wa.me wants the full international number; shops here usually write a bare 10-digit Indian one. */
export function whatsappUrl(number: string): string {
  const digits = number.replace(/\D/g, '');
  return `https://wa.me/${digits.length === 10 ? `91${digits}` : digits}`;
}

export function OpenBadge({ state }: { state: TOpeningState }) {
  const open = state.openNow;
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ${
        open ? 'bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200' : 'bg-slate-100 text-slate-600 ring-1 ring-slate-200'
      }`}
    >
      <span className={`h-1.5 w-1.5 rounded-full ${open ? 'bg-emerald-500' : 'bg-slate-400'}`} />
      {openingLine(state)}
    </span>
  );
}

function Card({ title, children, icon }: { title: string; children: ReactNode; icon?: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
        {icon}
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

const STEPS = [
  ['Choose your files', 'PDFs, Word and PowerPoint files, photos or spreadsheets, straight from your phone.'],
  ['Upload', 'Add your name or phone if you like. No account, no app.'],
  ['Collect at the counter', 'Quote your job number, check the prints and pay.'],
] as const;

export function HowItWorks() {
  return (
    <Card title="How it works">
      <ol className="space-y-3">
        {STEPS.map(([title, text], i) => (
          <li key={title} className="flex gap-3">
            <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-700">
              {i + 1}
            </span>
            <span className="text-sm">
              <span className="block font-medium text-slate-800">{title}</span>
              <span className="block text-slate-500">{text}</span>
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** Figures come from the retention the server enforces for this shop, so the promise stays true. */
export function SecurityNote({ shopName, retention }: { shopName: string; retention: TPublicShopDetails['retention'] }) {
  return (
    <Card title="Your files stay private" icon={<Icon name="shieldCheck" className="h-5 w-5 text-emerald-600" />}>
      <p className="text-sm text-slate-600">
        Only {shopName}'s staff can open what you send. Printed files are deleted within {durationText(retention.afterPrintSeconds)} of
        printing, and files that are never printed are removed {durationText(retention.unprintedSeconds)} after you send them (counted from
        opening time if the shop is closed), unless the shop saves a copy for you.
      </p>
    </Card>
  );
}

function ContactRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span className="mt-0.5 rounded-lg bg-slate-100 p-1.5 text-slate-500">{icon}</span>
      <span className="min-w-0 text-sm">
        <span className="block text-xs text-slate-500">{label}</span>
        <span className="block break-words font-medium text-slate-800">{children}</span>
      </span>
    </li>
  );
}

const LINK = 'text-brand-700 hover:text-brand-800 hover:underline';

export function ContactCard({ shop }: { shop: TPublicShopDetails }) {
  return (
    <Card title="Contact the shop">
      <ul className="space-y-3">
        {shop.ownerName && (
          <ContactRow icon={<Icon name="user" className="h-4 w-4" />} label="Owner">
            {shop.ownerName}
          </ContactRow>
        )}
        {shop.contact && (
          <ContactRow icon={<Icon name="phone" className="h-4 w-4" />} label="Phone">
            <a href={`tel:${shop.contact.replace(/[^\d+]/g, '')}`} className={LINK}>
              {shop.contact}
            </a>
          </ContactRow>
        )}
        {shop.whatsapp && (
          <ContactRow icon={<Icon name="whatsapp" className="h-4 w-4" />} label="WhatsApp">
            <a href={whatsappUrl(shop.whatsapp)} target="_blank" rel="noopener noreferrer" className={LINK}>
              Message on WhatsApp
            </a>
          </ContactRow>
        )}
        {shop.email && (
          <ContactRow icon={<Icon name="mail" className="h-4 w-4" />} label="E-mail">
            <a href={`mailto:${shop.email}`} className={LINK}>
              {shop.email}
            </a>
          </ContactRow>
        )}
        <ContactRow icon={<Icon name="clock" className="h-4 w-4" />} label="Hours">
          {shop.hours || DEFAULT_SHOP_HOURS}
        </ContactRow>
      </ul>
    </Card>
  );
}
