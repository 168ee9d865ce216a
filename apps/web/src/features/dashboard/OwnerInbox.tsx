import type { TCheckoutEntry, TContactMessage, TFeedbackEntry } from '@counterprint/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { serverMessageOr } from '../../api/client';
import { useCheckoutRequests, useContactMessages, useOwnerFeedback } from '../../api/owner';
import { Icon, type IconName } from '../../components/Icon';
import { Spinner } from '../../components/Spinner';

const newestFirst = <T extends { createdAt: string }>(list: T[]) =>
  [...list].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

interface InboxPanelProps<T> {
  title: string;
  icon: IconName;
  empty: string;
  /** The list's named hook from api/owner.ts. */
  useList: () => UseQueryResult<T[]>;
  /** One entry: a bold first line, a line of who and where, and what they wrote. */
  entry: (item: T) => { heading: ReactNode; details: ReactNode; message: string | null };
}

function InboxPanel<T extends { id: string; createdAt: string }>({ title, icon, empty, useList, entry }: InboxPanelProps<T>) {
  const list = useList();
  return (
    <section aria-label={title} className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white shadow-sm">
      <header className="flex items-center gap-2 border-b border-slate-100 px-4 py-3">
        <span className="rounded-lg bg-brand-50 p-1.5 text-brand-600">
          <Icon name={icon} className="h-4 w-4" />
        </span>
        <h2 className="flex-1 font-semibold text-slate-900">{title}</h2>
        {list.data && <span className="text-xs text-slate-500 tabular-nums">{list.data.length}</span>}
      </header>
      {list.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner className="h-6 w-6 text-brand-500" label={`Loading ${title.toLowerCase()}`} />
        </div>
      ) : list.isError ? (
        <div className="px-4 py-8 text-center text-sm">
          <p className="font-medium text-red-700">Could not load {title.toLowerCase()}.</p>
          <p className="mt-1 text-slate-500">{serverMessageOr(list.error, 'Please try again.')}</p>
          <button type="button" onClick={() => void list.refetch()} className="mt-3 font-semibold text-brand-600 hover:underline">
            Try again
          </button>
        </div>
      ) : list.data.length === 0 ? (
        <p className="px-4 py-10 text-center text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
          {newestFirst(list.data).map((item) => (
            <li key={item.id} className="px-4 py-3 text-sm">
              <Entry {...entry(item)} />
              <time dateTime={item.createdAt} className="mt-1 block text-xs text-slate-500">
                {when(item.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Entry({ heading, details, message }: { heading: ReactNode; details: ReactNode; message: string | null }) {
  return (
    <>
      <p className="font-semibold text-slate-900">{heading}</p>
      <p className="truncate text-xs text-slate-500">{details}</p>
      {message && <p className="mt-1 line-clamp-3 whitespace-pre-line text-slate-600">{message}</p>}
    </>
  );
}

function MailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className="text-brand-700 hover:underline">
      {email}
    </a>
  );
}

/** What people asked the platform for: feature feedback, contact messages and Premium requests. */
export function OwnerInbox() {
  return (
    <div className="mt-8 grid gap-4 lg:grid-cols-3">
      <InboxPanel<TFeedbackEntry>
        title="Feature feedback"
        icon="target"
        empty="No feedback yet."
        useList={useOwnerFeedback}
        entry={(f) => ({
          heading: (
            <>
              {f.feature}{' '}
              <span
                className={`ml-1 rounded-full px-2 py-0.5 text-xs font-medium ${f.wantFeature ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-600'}`}
              >
                {f.wantFeature ? 'Wants it' : 'Not needed'}
              </span>
            </>
          ),
          details: `${f.userEmail ?? 'Unknown user'}${f.shopSlug ? ` · ${f.shopSlug}` : ''}`,
          message: f.message,
        })}
      />
      <InboxPanel<TContactMessage>
        title="Contact messages"
        icon="mail"
        empty="No contact messages yet."
        useList={useContactMessages}
        entry={(m) => ({
          heading: m.subject,
          details: (
            <>
              {m.name} · <MailLink email={m.email} />
              {m.company ? ` · ${m.company}` : ''}
              {m.phone ? ` · ${m.phone}` : ''}
            </>
          ),
          message: m.message,
        })}
      />
      <InboxPanel<TCheckoutEntry>
        title="Checkout requests"
        icon="wallet"
        empty="No checkout requests yet."
        useList={useCheckoutRequests}
        entry={(c) => ({
          heading: (
            <>
              {c.name}{' '}
              <span className="font-normal text-slate-500 capitalize">
                · {c.plan}, {c.billing}
              </span>
            </>
          ),
          details: (
            <>
              <MailLink email={c.email} />
              {c.phone ? ` · ${c.phone}` : ''}
            </>
          ),
          message: c.message,
        })}
      />
    </div>
  );
}
