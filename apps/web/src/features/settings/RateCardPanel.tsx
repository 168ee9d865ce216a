import type { TRateCardService } from '@counterprint/contract';
import { useId, useState } from 'react';
import { serverMessageOr } from '../../api/client';
import { useSaveRateCard } from '../../api/settings';
import { Button } from '../../components/Button';
import { SHORT_TOAST_MS, useToast } from '../../components/Toast';
import { formatRupees } from '../../lib/format';
import { Panel } from './fields';
import { SETTINGS_TOASTS } from './messages';
import { RateCardRow } from './RateCardRow';
import { blankRow, canRemove, describeAttributes, PAPER_SUGGESTIONS, type RateRow, rateCardToSave, rowsFrom, UNIT_LABEL } from './rateCard';

/** Issue 19: what "per page" now means, said once above the rows. */
const PER_PAGE_HELP = '“Per page” means per printed side, matched by paper + colour + sides. No paper: not a print rate.';

function ServiceLine({ service: s }: { service: TRateCardService }) {
  const attributes = describeAttributes(s);
  return (
    <li className="flex items-start justify-between gap-4 p-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{s.serviceName}</p>
        {(s.category || s.description) && (
          <p className="text-xs text-slate-500">{[s.category, s.description].filter(Boolean).join(' · ')}</p>
        )}
        {attributes && <p className="text-xs text-slate-600">{attributes}</p>}
      </div>
      <p className="shrink-0 text-right text-sm">
        <span className="font-semibold text-slate-900">{formatRupees(s.basePrice)}</span>{' '}
        <span className="text-slate-500">{UNIT_LABEL[s.unit]}</span>
      </p>
    </li>
  );
}

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
        <ServiceLine key={s.id} service={s} />
      ))}
    </ul>
  );
}

/** docs/product/screens.md#settings: view mode, then edit mode that is saved or cancelled back to the server's copy. */
export function RateCardPanel({
  shopId,
  services,
  confirmed,
  onSaved,
}: {
  shopId: string;
  services: TRateCardService[];
  /** False until the owner saves the card: customers are quoted no price meanwhile (decision 061). */
  confirmed: boolean;
  onSaved: (list: TRateCardService[]) => void;
}) {
  const toast = useToast(SHORT_TOAST_MS);
  const [rows, setRows] = useState<RateRow[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const papersId = useId();
  const helpId = useId();
  const save = useSaveRateCard(shopId, {
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
  const confirmAsShown = () => {
    const result = rateCardToSave(rowsFrom(services));
    if ('error' in result) return edit();
    save.mutate(result.services);
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
      {!rows && !confirmed && (
        <div role="status" className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p>{SETTINGS_TOASTS.rateCardUnconfirmed}</p>
          <Button className="mt-2" onClick={confirmAsShown} loading={save.isPending}>
            Use these prices
          </Button>
        </div>
      )}
      {!rows ? (
        <ViewMode services={services} />
      ) : (
        <div className="flex flex-col gap-3">
          <p id={helpId} className="text-sm text-slate-600">
            {PER_PAGE_HELP}
          </p>
          <datalist id={papersId}>
            {PAPER_SUGGESTIONS.map((p) => (
              <option key={p} value={p} />
            ))}
          </datalist>
          <ul className="flex flex-col gap-3">
            {rows.map((row, i) => (
              <RateCardRow
                key={row.key}
                row={row}
                index={i}
                removable={canRemove(rows)}
                papersId={papersId}
                helpId={helpId}
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
