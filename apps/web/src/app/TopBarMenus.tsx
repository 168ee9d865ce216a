import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { logout } from '../api/accounts';
import { readStoredUser } from '../api/storage';
import { Icon } from '../components/Icon';
import { ICON_BUTTON, Popover } from '../components/Popover';
import { NOTIFICATIONS, SUPPORT_GREETING, SUPPORT_NOTE } from '../content/shell';

const MENU_ITEM = 'flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm text-slate-700 hover:bg-slate-50';

export function NotificationsMenu() {
  return (
    <Popover
      label="Notifications"
      triggerClassName={ICON_BUTTON}
      trigger={
        <>
          <Icon name="bell" />
          <span className="absolute top-2 right-2.5 h-2 w-2 rounded-full bg-red-500 ring-2 ring-white" />
        </>
      }
    >
      {(close) => (
        <div>
          <p className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">Notifications</p>
          <ul className="divide-y divide-slate-100">
            {NOTIFICATIONS.map((n) => (
              <li key={n.title} className="px-4 py-3">
                <p className="text-sm text-slate-800">{n.title}</p>
                <p className="text-xs text-slate-400">{n.when}</p>
              </li>
            ))}
          </ul>
          <button type="button" onClick={close} className="w-full border-t border-slate-100 py-2.5 text-sm font-medium text-brand-700 hover:bg-slate-50">
            View all
          </button>
        </div>
      )}
    </Popover>
  );
}

export function SupportChat() {
  const [messages, setMessages] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const send = (e: FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    if (!text) return;
    setMessages((list) => [...list, text]);
    setDraft('');
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
              <li key={i} className="max-w-[85%] self-end rounded-2xl rounded-br-sm bg-brand-500 px-3 py-2 text-sm text-white">
                {m}
              </li>
            ))}
          </ul>
          <form onSubmit={send} className="flex gap-2 border-t border-slate-100 p-3">
            <input
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              placeholder="Type a message…"
              aria-label="Message"
              className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
            />
            <button type="submit" aria-label="Send" className="rounded-lg bg-brand-500 px-3 text-white hover:bg-brand-600">
              <Icon name="send" className="h-4 w-4" />
            </button>
          </form>
          <p className="px-4 pb-3 text-xs text-slate-400">{SUPPORT_NOTE}</p>
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
      label="Profile menu"
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

/** The spec's search box is not wired to anything yet; it stays visible so the layout is final. */
export function SearchBox() {
  return (
    <div className="relative hidden lg:block">
      <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
      <input
        type="search"
        placeholder="Search…"
        aria-label="Search"
        className="w-56 rounded-full border border-slate-200 bg-slate-50 py-2 pr-4 pl-9 text-sm focus:border-brand-500 focus:bg-white focus:ring-2 focus:ring-brand-100 focus:outline-none"
      />
    </div>
  );
}
