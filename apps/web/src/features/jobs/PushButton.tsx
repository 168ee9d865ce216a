import { useEffect, useState } from 'react';
import { LOCAL, readLocal } from '../../api/storage';
import { Icon } from '../../components/Icon';
import { browserPush, type PushPlatform, type PushState, pushState, renewIfOn, turnOff, turnOn } from '../../lib/pushDevice';

/**
 * "Notify this device of new jobs": a push reaches the phone or computer even with no queue tab
 * open. Hidden where the browser cannot receive pushes or the server has no keys to send them.
 */
export function PushButton({ shopId, platform = browserPush }: { shopId: string; platform?: PushPlatform }) {
  const userId = readLocal(LOCAL.userId);
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    const show = (s: PushState) => live && setState(s);
    if (!userId || !platform.supported()) show('unsupported');
    else
      platform
        .publicKey()
        .then(() => pushState(platform, userId, shopId))
        .then((s) => {
          show(s);
          if (s === 'on') renewIfOn(platform, userId, shopId).catch(() => {});
        })
        // No keys on the server (404), or it cannot be reached: nothing to offer now.
        .catch(() => show('unsupported'));
    return () => {
      live = false;
    };
  }, [platform, userId, shopId]);

  if (!userId || state === null || state === 'unsupported') return null;
  if (state === 'blocked') {
    return (
      <p className="text-xs text-slate-500">
        Notifications are blocked for this site. Allow them in the browser's site settings to hear of new jobs here.
      </p>
    );
  }

  const change = async (to: typeof turnOn) => {
    setBusy(true);
    setFailed(false);
    try {
      setState(await to(platform, userId, shopId));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const on = state === 'on';
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {on ? (
        <>
          <span className="inline-flex items-center gap-2 text-sm text-slate-700">
            <Icon name="bell" className="h-4 w-4 text-brand-700" />
            This device is notified of new jobs
          </span>
          <button
            type="button"
            disabled={busy}
            onClick={() => void change(turnOff)}
            className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-60"
          >
            Turn off
          </button>
        </>
      ) : (
        <button
          type="button"
          disabled={busy}
          onClick={() => void change(turnOn)}
          className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-60"
        >
          <Icon name="bell" className="h-4 w-4" />
          Notify this device of new jobs
        </button>
      )}
      {failed && (
        <span role="alert" className="text-xs text-rose-700">
          {on ? 'Could not turn notifications off.' : 'Could not turn notifications on.'} Please try again.
        </span>
      )}
    </div>
  );
}
