import { CONTACT_LIMITS } from '@counterprint/contract';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { logout } from '../api/accounts';
import { serverMessageOr } from '../api/client';
import { customerLabel, useLatestJobs } from '../api/jobs';
import { sendContactMessage } from '../api/public-site';
import { LOCAL, readLocal, readStoredUser } from '../api/storage';
import { buttonClass, ICON_BUTTON } from '../components/Button';
import { Icon } from '../components/Icon';
import { Popover } from '../components/Popover';
import {
  JOB_STATE,
  NO_NOTIFICATIONS,
  NOTIFICATION_COUNT,
  SENT_STATE,
  SUPPORT_FAILED,
  SUPPORT_GREETING,
  SUPPORT_NOTE_SIGNED_OUT,
  SUPPORT_SUBJECT,
  supportNote,
} from '../content/shell';
import { timeAgo } from '../lib/format';

const MENU_ITEM = 'flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm text-slate-700 hover:bg-slate-50';

/** The active shop's newest jobs, fetched when the bell opens: the only events the product records. */
function RecentJobs({ shopId }: { shopId: string }) {
  const latest = useLatestJobs(shopId, NOTIFICATION_COUNT);
  if (latest.isPending) return <p className="px-4 py-3 text-sm text-slate-500">Loading…</p>;
  if (latest.isError) return <p className="px-4 py-3 text-sm text-red-700">Could not load recent jobs.</p>;
  if (latest.data.length === 0) return <p className="px-4 py-3 text-sm text-slate-500">{NO_NOTIFICATIONS}</p>;
  const now = Date.now();
  return (
    <ul className="divide-y divide-slate-100">
      {latest.data.map((job) => (
        <li key={job.id} className="px-4 py-3">
          <p className="text-sm text-slate-800">
            Job #{job.number} from {customerLabel(job)} · {JOB_STATE[job.status]}
          </p>
          <p className="text-xs text-slate-500">{timeAgo(job.uploadedAt, now)}</p>
        </li>
      ))}
    </ul>
  );
}

export function NotificationsMenu() {
  return (
    <Popover label="Notifications" triggerClassName={ICON_BUTTON} trigger={<Icon name="bell" />}>
      {(close) => <Notifications close={close} />}
    </Popover>
  );
}

/** Read when the bell opens, so a switch of shop in the top bar is followed. */
function Notifications({ close }: { close: () => void }) {
  const shopId = readLocal(LOCAL.activeShopId);
  return (
    <div>
      <p className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">Recent jobs</p>
      {shopId ? <RecentJobs shopId={shopId} /> : <p className="px-4 py-3 text-sm text-slate-500">{NO_NOTIFICATIONS}</p>}
      {shopId && (
        <Link
          to="/printJob"
          onClick={close}
          className="block w-full border-t border-slate-100 py-2.5 text-center text-sm font-medium text-brand-700 hover:bg-slate-50"
        >
          Open print queue
        </Link>
      )}
    </div>
  );
}

type Sent = { text: string; state: 'sending' | 'sent' | 'failed' };

/** Send posts the message to the contact inbox (POST /api/contact), signed with the account's name and email. */
export function SupportChat() {
  const user = readStoredUser();
  const [messages, setMessages] = useState<Sent[]>([]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mark = (index: number, state: Sent['state']) => setMessages((list) => list.map((m, i) => (i === index ? { ...m, state } : m)));
  const send = async (e: FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    if (!text || !user) return;
    const index = messages.length;
    setMessages((list) => [...list, { text, state: 'sending' }]);
    setDraft('');
    setError(null);
    try {
      await sendContactMessage({ name: user.name || user.email, email: user.email, subject: SUPPORT_SUBJECT, message: text });
      mark(index, 'sent');
    } catch (err) {
      mark(index, 'failed');
      setError(serverMessageOr(err, SUPPORT_FAILED));
    }
  };
  return (
    <Popover label="Support chat" triggerClassName={ICON_BUTTON} trigger={<Icon name="chat" />} panelClassName="sm:w-80">
      {() => (
        <div className="flex flex-col">
          <p className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">Support</p>
          <ul className="flex max-h-64 flex-col gap-2 overflow-y-auto px-4 py-3" aria-label="Support messages">
            <li className="max-w-[85%] self-start rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 text-sm text-slate-700">
              {SUPPORT_GREETING}
            </li>
            {messages.map((m, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: messages are append-only and may repeat
              <li key={i} className="flex max-w-[85%] flex-col items-end self-end">
                <span className="rounded-2xl rounded-br-sm bg-brand-500 px-3 py-2 text-sm text-white">{m.text}</span>
                <span className={`mt-0.5 text-xs ${m.state === 'failed' ? 'text-red-600' : 'text-slate-500'}`}>{SENT_STATE[m.state]}</span>
              </li>
            ))}
          </ul>
          {error && (
            <p role="alert" className="px-4 pb-2 text-xs text-red-700">
              {error}
            </p>
          )}
          <form onSubmit={send} className="flex gap-2 border-t border-slate-100 p-3">
            <input
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              placeholder="Type a message…"
              aria-label="Message"
              maxLength={CONTACT_LIMITS.message}
              className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
            />
            <button type="submit" aria-label="Send" disabled={!user} className={buttonClass('primary', '', 'icon')}>
              <Icon name="send" className="h-4 w-4" />
            </button>
          </form>
          <p className="px-4 pb-3 text-xs text-slate-500">{user ? supportNote(user.email) : SUPPORT_NOTE_SIGNED_OUT}</p>
        </div>
      )}
    </Popover>
  );
}

function initials(name: string | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return (parts.length ? parts.slice(0, 2).map((p) => p[0]) : ['?']).join('').toUpperCase();
}

export function ProfileMenu({ settingsPath }: { settingsPath: string }) {
  const navigate = useNavigate();
  const user = readStoredUser();
  const signOut = async () => {
    await logout();
    navigate('/login', { replace: true });
  };
  return (
    <Popover
      // The name starts with the initials the button shows, so it can be worked by voice by saying them (WCAG 2.5.3).
      label={user?.name ? `${initials(user.name)}, Profile menu, ${user.name}` : 'Profile menu'}
      triggerClassName="ml-1 flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800 hover:ring-2 hover:ring-brand-200"
      trigger={initials(user?.name)}
      panelClassName="py-1 sm:w-60"
    >
      {(close) => (
        <div>
          {user && (
            <div className="border-b border-slate-100 px-4 py-3">
              <p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
              <p className="truncate text-xs text-slate-500">{user.email}</p>
            </div>
          )}
          <Link to="/profile" onClick={close} className={MENU_ITEM}>
            <Icon name="user" className="h-4 w-4 text-slate-400" /> My Profile
          </Link>
          <Link to={settingsPath} onClick={close} className={MENU_ITEM}>
            <Icon name="settings" className="h-4 w-4 text-slate-400" /> Settings
          </Link>
          <button type="button" onClick={signOut} className={`${MENU_ITEM} border-t border-slate-100 text-red-600`}>
            <Icon name="logout" className="h-4 w-4" /> Logout
          </button>
        </div>
      )}
    </Popover>
  );
}
