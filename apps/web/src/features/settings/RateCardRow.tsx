import { RATE_CARD_UNITS } from '@counterprint/contract';
import { buttonClass } from '../../components/Button';
import { Checkbox, Input, Select } from './fields';
import {
  COLOR_LABEL,
  canBeExtra,
  isPageRate,
  PAPER_MAX,
  type RateColor,
  type RateRow,
  type RateSides,
  type RateUnit,
  SIDES_LABEL,
  UNIT_LABEL,
} from './rateCard';

type Change = (change: Partial<RateRow>) => void;

/** Which prints a page rate prices: the customer's paper, colour and sides pick it. */
function PageRateFields({ row, index, papersId, set }: { row: RateRow; index: number; papersId: string; set: Change }) {
  return (
    <fieldset className="col-span-2 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:col-span-4">
      <legend className="sr-only">Print attributes of service {index + 1}</legend>
      <Input
        label="Paper"
        className="col-span-2 sm:col-span-1"
        list={papersId}
        value={row.paper}
        onChange={(e) => set({ paper: e.target.value })}
        placeholder="None"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={PAPER_MAX}
      />
      <Select label="Colour" value={row.color} onChange={(e) => set({ color: e.target.value as RateColor })}>
        {(Object.keys(COLOR_LABEL) as RateColor[]).map((c) => (
          <option key={c} value={c}>
            {COLOR_LABEL[c]}
          </option>
        ))}
      </Select>
      <Select label="Sides" value={row.sides} onChange={(e) => set({ sides: e.target.value as RateSides })}>
        {(Object.keys(SIDES_LABEL) as RateSides[]).map((s) => (
          <option key={s} value={s}>
            {SIDES_LABEL[s]}
          </option>
        ))}
      </Select>
    </fieldset>
  );
}

interface Props {
  row: RateRow;
  index: number;
  removable: boolean;
  /** The id of the panel's paper suggestions (one datalist for every row). */
  papersId: string;
  /** The id of the panel's line saying what "per page" means. */
  helpId: string;
  onChange: (row: RateRow) => void;
  onRemove: () => void;
}

export function RateCardRow({ row, index, removable, papersId, helpId, onChange, onRemove }: Props) {
  const set: Change = (change) => onChange({ ...row, ...change });
  return (
    <li className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 p-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,2fr)] lg:items-end">
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
      <Select label="Unit" aria-describedby={helpId} value={row.unit} onChange={(e) => set({ unit: e.target.value as RateUnit })}>
        {RATE_CARD_UNITS.map((u) => (
          <option key={u} value={u}>
            {UNIT_LABEL[u]}
          </option>
        ))}
      </Select>
      <Input label="Category" value={row.category} onChange={(e) => set({ category: e.target.value })} maxLength={60} />
      <Input label="Description" value={row.description} onChange={(e) => set({ description: e.target.value })} maxLength={500} />
      {isPageRate(row.unit) && <PageRateFields row={row} index={index} papersId={papersId} set={set} />}
      {canBeExtra(row.unit) && (
        <div className="col-span-2 self-center lg:col-span-4">
          <Checkbox
            label="Add-on the customer can choose"
            hint="Offered with a quantity when they send files."
            checked={row.extra}
            onChange={(e) => set({ extra: e.target.checked })}
          />
        </div>
      )}
      {removable && (
        <button
          type="button"
          className={buttonClass('dangerText', 'col-span-2 lg:col-span-1 lg:col-start-5 lg:justify-self-end')}
          aria-label={`Remove service ${index + 1}`}
          onClick={onRemove}
        >
          Remove
        </button>
      )}
    </li>
  );
}
