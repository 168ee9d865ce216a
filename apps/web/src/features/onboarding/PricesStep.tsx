import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { type PaperDraft, type PricesDraft, papersLeft } from './prices';

type Props = { draft: PricesDraft; onChange: (next: PricesDraft) => void; problem: string | null };

function PaperPrices({ row, onChange, onRemove }: { row: PaperDraft; onChange: (row: PaperDraft) => void; onRemove?: () => void }) {
  const field = (key: 'bw' | 'color' | 'bwDouble', label: string) => (
    <TextField label={label} inputMode="decimal" value={row[key]} onChange={(e) => onChange({ ...row, [key]: e.target.value })} />
  );
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{row.paper}</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {field('bw', `B&W ${row.paper}, ₹ per side`)}
        {field('color', `Colour ${row.paper}, ₹ per side`)}
        {field('bwDouble', `B&W double-sided, ₹ per side (optional)`)}
      </div>
      {onRemove && (
        <Button variant="ghost" className="mt-2 px-2 py-1 text-sm" onClick={onRemove}>
          Remove {row.paper}
        </Button>
      )}
    </fieldset>
  );
}

/**
 * The prices customers are quoted (docs/decisions/061-prices-a-shop-never-set-are-not-quoted.md): the defaults
 * offered to accept or change, or none yet, and then every price is set at the counter.
 */
export function PricesStep({ draft, onChange, problem }: Props) {
  const left = papersLeft(draft);
  const setPaper = (i: number, row: PaperDraft) => onChange({ ...draft, papers: draft.papers.map((p, j) => (j === i ? row : p)) });
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2 text-sm text-slate-800">
        <legend className="sr-only">Quote prices to customers</legend>
        <label className="flex items-start gap-2">
          <input type="radio" name="quote" checked={draft.quote} onChange={() => onChange({ ...draft, quote: true })} className="mt-1" />
          <span>Quote these prices to customers. You can change them any time in Settings → Rate Card.</span>
        </label>
        <label className="flex items-start gap-2">
          <input type="radio" name="quote" checked={!draft.quote} onChange={() => onChange({ ...draft, quote: false })} className="mt-1" />
          <span>Set prices later. Until then customers see “price at the counter”.</span>
        </label>
      </fieldset>
      {draft.quote && (
        <>
          {draft.papers.map((row, i) => (
            <PaperPrices
              key={row.paper}
              row={row}
              onChange={(next) => setPaper(i, next)}
              onRemove={i > 0 ? () => onChange({ ...draft, papers: draft.papers.filter((_, j) => j !== i) }) : undefined}
            />
          ))}
          {left.length > 0 && (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="text-slate-600">Add a paper size:</span>
              {left.map((paper) => (
                <Button
                  key={paper}
                  variant="secondary"
                  className="px-3 py-1.5 text-sm"
                  onClick={() => onChange({ ...draft, papers: [...draft.papers, { paper, bw: '', color: '', bwDouble: '' }] })}
                >
                  {paper}
                </Button>
              ))}
            </div>
          )}
          <TextField
            label="Photo 4×6, ₹ each (optional)"
            inputMode="decimal"
            value={draft.photo4x6}
            onChange={(e) => onChange({ ...draft, photo4x6: e.target.value })}
          />
        </>
      )}
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
