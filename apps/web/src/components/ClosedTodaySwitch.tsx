import { serverMessageOr } from '../api/client';
import { useHoursSaved, useSaveClosedToday, useShopSettings } from '../api/settings';
import { SHORT_TOAST_MS, useToast } from './Toast';

/** The owner's "closed today / open" switch: the public page shows it, and it ends by itself at the shop's midnight. */
export function ClosedTodaySwitch({ shopId }: { shopId: string }) {
  const toast = useToast(SHORT_TOAST_MS);
  const settings = useShopSettings(shopId);
  const saved = useHoursSaved(shopId);
  const save = useSaveClosedToday(shopId, {
    onSuccess: (hours) => {
      saved(hours);
      toast(hours.closedToday ? 'Closed for today. Customers see it now.' : 'Open again. Customers see it now.', 'success');
    },
    onError: (err) => toast(serverMessageOr(err, 'Could not change it. Please try again.'), 'error'),
  });
  const closedToday = save.isPending ? save.variables : settings.data?.hours.closedToday;
  const open = closedToday === false;
  const known = closedToday !== undefined;
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl bg-slate-50 p-3">
      <div>
        <p className="text-sm font-semibold text-slate-900">{!known ? 'Shop open' : open ? 'Open' : 'Closed today'}</p>
        <p className="text-xs text-slate-500">
          {open ? 'Your opening hours apply.' : 'Customers see "Closed today"; it ends by itself at midnight.'}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={open}
        aria-label="Shop open today"
        disabled={!known || save.isPending}
        onClick={() => save.mutate(open)}
        className={`relative h-6 w-11 shrink-0 rounded-full transition disabled:opacity-60 ${open ? 'bg-emerald-500' : 'bg-slate-300'}`}
      >
        <span className={`absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-white shadow transition ${open ? 'translate-x-5' : ''}`} />
      </button>
    </div>
  );
}
