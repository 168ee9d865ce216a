import { useState } from 'react';
import type { LiveStatus } from '../../api/stomp';
import { Icon } from '../../components/Icon';
import { askNotificationPermission, notificationsSupported } from './arrivalAlerts';

const INDICATOR: Record<LiveStatus, { dot: string; text: string; label: string }> = {
  connected: { dot: 'bg-emerald-500', text: 'text-emerald-700', label: 'Connected' },
  connecting: { dot: 'bg-amber-400 animate-pulse', text: 'text-amber-700', label: 'Connecting…' },
  disconnected: { dot: 'bg-red-500', text: 'text-red-700', label: 'Disconnected' },
};

/** Says what the STOMP client really reports; after a drop, 'connecting' reads as reconnecting. */
export function ConnectionIndicator({ status, everConnected }: { status: LiveStatus; everConnected: boolean }) {
  const look = INDICATOR[status];
  const label = status === 'connecting' && everConnected ? 'Reconnecting…' : look.label;
  return (
    <span
      role="status"
      aria-label={`Live updates: ${label}`}
      className={`inline-flex items-center gap-1.5 rounded-full bg-white px-2.5 py-1 text-xs font-semibold shadow-xs ${look.text}`}
    >
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${look.dot}`} />
      {label}
    </span>
  );
}

function NotifyButton() {
  const [permission, setPermission] = useState(() => (notificationsSupported() ? Notification.permission : 'denied'));
  if (!notificationsSupported() || permission !== 'default') return null;
  return (
    <button
      type="button"
      onClick={() => void askNotificationPermission().then(setPermission)}
      className="inline-flex items-center gap-1.5 rounded-full border border-white/60 bg-white/20 px-2.5 py-1 text-xs font-semibold text-white hover:bg-white/30"
    >
      <Icon name="bell" className="h-3.5 w-3.5" />
      Alert me in other tabs
    </button>
  );
}

/**
 * The banner promises auto-update only while the feed is live (it promised it above a
 * 'Disconnected' indicator). A reconnect reloads the list (PrintJobsPage's onConnected).
 */
function bannerText(status: LiveStatus, everConnected: boolean): string {
  if (status === 'connected') return 'No Need To Refresh — Files Auto-Update';
  if (status === 'connecting')
    return everConnected ? 'Reconnecting — the list catches up when live updates are back' : 'Connecting to live updates…';
  return 'Live updates are paused — refresh to see new jobs';
}

/** docs/product/screens.md#live-print-jobs: the right column's banner, with the connection indicator. */
export function LiveBanner({ status, everConnected }: { status: LiveStatus; everConnected: boolean }) {
  const live = status === 'connected';
  return (
    <div
      className={`flex flex-wrap items-center justify-between gap-2 rounded-2xl px-4 py-3 text-white shadow-sm ${live ? 'bg-gradient-to-r from-brand-800 to-brand-700' : 'bg-slate-700'}`}
    >
      <div className="flex min-w-0 items-center gap-2.5">
        <Icon name={live ? 'bolt' : 'clock'} className="h-5 w-5 shrink-0" />
        <p className="text-sm font-semibold">{bannerText(status, everConnected)}</p>
      </div>
      <div className="flex items-center gap-2">
        <NotifyButton />
        <ConnectionIndicator status={status} everConnected={everConnected} />
      </div>
    </div>
  );
}
