import { RATE_CARD_UNITS, type TRateCardService } from '@counterprint/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { serverMessageOr } from '../../api/client';
import { saveRateCard } from '../../api/settings';
import { Button, buttonClass } from '../../components/Button';
import { SHORT_TOAST_MS, useToast } from '../../components/Toast';
import { formatRupees } from '../../lib/format';
import { Input, Panel, Select } from './fields';
import { SETTINGS_TOASTS } from './messages';
import { blankRow, canRemove, type RateRow, type RateUnit, rateCardToSave, rowsFrom, UNIT_LABEL } from './rateCard';

function ViewMode({ services }: { services: TRateCardService[] }) {
  if (services.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
        No services yet. Your public page shows standard rates until you add some.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
      {services.map((s) => (
        <li key={s.id} className="flex items-start justify-between gap-4 p-3">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{s.serviceName}</p>
            {(s.category || s.description) && (
              <p className="text-xs text-slate-500">{[s.category, s.description].filter(Boolean).join(' · ')}</p>
            )}
          </div>
          <p className="shrink-0 text-right text-sm">
            <span className="font-semibold text-slate-900">{formatRupees(s.basePrice)}</span>{' '}
            <span className="text-slate-500">{UNIT_LABEL[s.unit]}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}

function EditRow({
  row,
  index,
  removable,
  onChange,
  onRemove,
}: {
  row: RateRow;
  index: number;
  removable: boolean;
  onChange: (row: RateRow) => void;
  onRemove: () => void;
}) {
  const set = (change: Partial<RateRow>) => onChange({ ...row, ...change });
  return (
    <li className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 p-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,2fr)_auto] lg:items-end">
      <Input
        label={`Service ${index + 1} name`}
        className="col-span-2 lg:col-span-1"
        value={row.serviceName}
        onChange={(e) => set({ serviceName: e.target.value })}
        maxLength={120}
      />
      <Input
        label="Price (₹)"
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        value={row.basePrice}
        onChange={(e) => set({ basePrice: e.target.value })}
      />
      <Select label="Unit" value={row.unit} onChange={(e) => set({ unit: e.target.value as RateUnit })}>
        {RATE_CARD_UNITS.map((u) => (
          <option key={u} value={u}>
            {UNIT_LABEL[u]}
          </option>
        ))}
      </Select>
      <Input label="Category" value={row.category} onChange={(e) => set({ category: e.target.value })} maxLength={60} />
      <Input label="Description" value={row.description} onChange={(e) => set({ description: e.target.value })} maxLength={500} />
      {removable && (
        <button
          type="button"
          className={buttonClass('dangerText', 'col-span-2 lg:col-span-1')}
          aria-label={`Remove service ${index + 1}`}
          onClick={onRemove}
        >
          Remove
        </button>
      )}
    </li>
  );
}

/** docs/product/screens.md#settings: view mode, then edit mode that is saved or cancelled back to the server's copy. */
export function RateCardPanel({
  shopId,
  services,
  onSaved,
}: {
  shopId: string;
  services: TRateCardService[];
  onSaved: (list: TRateCardService[]) => void;
}) {
  const toast = useToast(SHORT_TOAST_MS);
  const [rows, setRows] = useState<RateRow[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (list: Parameters<typeof saveRateCard>[1]) => saveRateCard(shopId, list),
    onSuccess: (saved) => {
      onSaved(saved);
      setRows(null);
      toast(SETTINGS_TOASTS.rateCardSaved, 'success');
    },
    onError: (err) => toast(serverMessageOr(err, SETTINGS_TOASTS.rateCardFailed), 'error'),
  });

  const edit = () => {
    setProblem(null);
    setRows(rowsFrom(services));
  };
  const cancel = () => {
    setProblem(null);
    setRows(null);
  };
  const submit = () => {
    if (!rows) return;
    const result = rateCardToSave(rows);
    if ('error' in result) return setProblem(result.error);
    setProblem(null);
    save.mutate(result.services);
  };

  return (
    <Panel
      title="Rate Card"
      description="Your prices, shown on your public page's Print Rates and used to price printed jobs."
      actions={
        !rows && (
          <Button variant="secondary" onClick={edit}>
            Edit Rate Card
          </Button>
        )
      }
    >
      {!rows ? (
        <ViewMode services={services} />
      ) : (
        <div className="flex flex-col gap-3">
          <ul className="flex flex-col gap-3">
            {rows.map((row, i) => (
              <EditRow
                key={row.key}
                row={row}
                index={i}
                removable={canRemove(rows)}
                onChange={(next) => setRows(rows.map((r) => (r.key === row.key ? next : r)))}
                onRemove={() => setRows(rows.filter((r) => r.key !== row.key))}
              />
            ))}
          </ul>
          {problem && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
              {problem}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            <Button variant="secondary" onClick={() => setRows([...rows, blankRow()])} disabled={save.isPending}>
              Add Service
            </Button>
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button variant="ghost" onClick={cancel} disabled={save.isPending}>
                Cancel
              </Button>
              <Button onClick={submit} loading={save.isPending}>
                Save Rate Card
              </Button>
            </div>
          </div>
        </div>
      )}
    </Panel>
  );
}
