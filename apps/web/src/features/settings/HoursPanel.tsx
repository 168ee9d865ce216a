import { type TShopHours, WEEKDAY_NAMES } from '@counterprint/contract';
import { useId, useMemo, useState } from 'react';
import { serverMessageOr } from '../../api/client';
import { useSaveShopHours } from '../../api/settings';
import { Button } from '../../components/Button';
import { ClosedTodaySwitch } from '../../components/ClosedTodaySwitch';
import { SHORT_TOAST_MS, useToast } from '../../components/Toast';
import { CONTROL, Input, Panel } from './fields';
import { type DayRow, draftFrom, hoursToSave, suggestedTimeZones } from './hoursDraft';

function DayLine({ row, onChange }: { row: DayRow; onChange: (row: DayRow) => void }) {
  const name = WEEKDAY_NAMES[row.day];
  const time = `${CONTROL} min-w-0 border-slate-300 focus:border-brand-500 focus:ring-brand-100 disabled:opacity-50`;
  return (
    <li className="grid grid-cols-2 items-center gap-2 sm:grid-cols-[8rem_10rem_10rem]">
      <label className="col-span-2 flex items-center gap-2 text-sm font-medium text-slate-700 sm:col-span-1">
        <input
          type="checkbox"
          className="h-4 w-4 rounded border-slate-300 accent-brand-500"
          checked={row.open}
          onChange={(e) => onChange({ ...row, open: e.target.checked })}
        />
        {name}
      </label>
      {row.open ? (
        <>
          <input
            type="time"
            aria-label={`${name} opens`}
            className={time}
            value={row.opensAt}
            onChange={(e) => onChange({ ...row, opensAt: e.target.value })}
          />
          <input
            type="time"
            aria-label={`${name} closes`}
            className={time}
            value={row.closesAt}
            onChange={(e) => onChange({ ...row, closesAt: e.target.value })}
          />
        </>
      ) : (
        <span className="col-span-2 text-sm text-slate-500">Closed all day</span>
      )}
    </li>
  );
}

/** Issue 16: hours per weekday in the shop's time zone, and the closed-today switch. */
export function HoursPanel({ shopId, hours, onSaved }: { shopId: string; hours: TShopHours; onSaved: (hours: TShopHours) => void }) {
  const toast = useToast(SHORT_TOAST_MS);
  const [draft, setDraft] = useState(() => draftFrom(hours));
  const [problem, setProblem] = useState<string | null>(null);
  const zones = useMemo(() => suggestedTimeZones(hours.timeZone), [hours.timeZone]);
  const listId = useId();
  const save = useSaveShopHours(shopId, {
    onSuccess: (saved) => {
      onSaved(saved);
      setDraft(draftFrom(saved));
      toast('Opening hours saved.', 'success');
    },
    onError: (err) => toast(serverMessageOr(err, 'Failed to save opening hours.'), 'error'),
  });
  const submit = () => {
    const result = hoursToSave(draft);
    if ('error' in result) return setProblem(result.error);
    setProblem(null);
    save.mutate(result.hours);
  };

  return (
    <Panel title="Opening hours" description="Your public page shows whether you are open now, and when you open next.">
      <div className="flex flex-col gap-4">
        <ClosedTodaySwitch shopId={shopId} />
        <ul className="flex flex-col gap-2">
          {draft.days.map((row) => (
            <DayLine
              key={row.day}
              row={row}
              onChange={(next) => setDraft({ ...draft, days: draft.days.map((d) => (d.day === row.day ? next : d)) })}
            />
          ))}
        </ul>
        <Input
          label="Time zone"
          className="sm:max-w-xs"
          list={listId}
          value={draft.timeZone}
          onChange={(e) => setDraft({ ...draft, timeZone: e.target.value })}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
        />
        <datalist id={listId}>
          {zones.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
        {problem && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
        <div className="flex justify-end">
          <Button onClick={submit} loading={save.isPending}>
            Save hours
          </Button>
        </div>
      </div>
    </Panel>
  );
}
