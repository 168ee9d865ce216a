import { COPIES_MAX, EXTRA_QUANTITY_MAX, EXTRAS_PER_FILE_MAX, type TPrintOptions } from '@counterprint/contract';
import { Fragment, type ReactNode, useId, useState } from 'react';
import { formatRupees } from '../lib/format';
import { type PrintShop, pagesProblem, priceHint } from '../lib/printChoices';

// 44 px tall: a thumb's target (WCAG 2.5.5). 16 px text on phones, or iOS zooms into a focused select.
const CHIP =
  'inline-flex min-h-11 items-center whitespace-nowrap rounded-full border border-slate-300 bg-white text-base text-slate-800 sm:text-sm focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-100';
const STEP = 'h-10.5 w-11 shrink-0 rounded-full text-lg font-semibold text-slate-600 disabled:text-slate-300';

function Stepper({
  name,
  value,
  min,
  max,
  text,
  onChange,
}: {
  name: string;
  value: number;
  min: number;
  max: number;
  text: string;
  onChange: (n: number) => void;
}) {
  return (
    <fieldset aria-label={name} className={CHIP}>
      <button
        type="button"
        aria-label={`Fewer ${name.toLowerCase()}`}
        disabled={value <= min}
        onClick={() => onChange(value - 1)}
        className={STEP}
      >
        −
      </button>
      <span aria-live="polite" className="min-w-8 text-center font-medium">
        {text}
      </span>
      <button
        type="button"
        aria-label={`More ${name.toLowerCase()}`}
        disabled={value >= max}
        onClick={() => onChange(value + 1)}
        className={STEP}
      >
        +
      </button>
    </fieldset>
  );
}

/** A native select dressed as a chip: the phone's own picker is the easiest one for a thumb. */
function Choice<T extends string | number>({
  name,
  value,
  choices,
  onChange,
}: {
  name: string;
  value: T;
  choices: [T, string][];
  onChange: (v: T) => void;
}) {
  return (
    <span className={`${CHIP} relative`}>
      <select
        aria-label={name}
        value={String(value)}
        onChange={(e) => onChange(choices.find(([v]) => String(v) === e.target.value)![0])}
        // As wide as the chosen option where the browser can size a field to its content, not its widest option.
        className="field-sizing-content h-10.5 cursor-pointer appearance-none rounded-full bg-transparent pr-8 pl-3.5 focus:outline-none"
      >
        {choices.map(([v, label]) => (
          <option key={v} value={String(v)}>
            {label}
          </option>
        ))}
      </select>
      <span aria-hidden="true" className="pointer-events-none absolute right-3 text-xs text-slate-500">
        ▼
      </span>
    </span>
  );
}

function PagesChip({
  value,
  problem,
  errorId,
  onChange,
  onBlur,
}: {
  value: string;
  problem: string | null;
  errorId: string;
  onChange: (pages: string) => void;
  onBlur: () => void;
}) {
  return (
    <label className={`${CHIP} gap-1.5 pl-3.5 ${problem ? 'border-red-400!' : ''}`}>
      <span className="text-slate-500">Pages</span>
      <input
        value={value === 'all' ? '' : value}
        placeholder="All"
        autoComplete="off"
        maxLength={200}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        className="h-10.5 w-24 rounded-r-full bg-transparent pr-3 placeholder:text-slate-800 focus:outline-none"
      />
    </label>
  );
}

function Extras({ shop, options, set }: { shop: PrintShop; options: TPrintOptions; set: (o: Partial<TPrintOptions>) => void }) {
  const offered = shop.rateCard.filter((r) => r.extra);
  const chosen = new Map(options.extras.map((e) => [e.serviceId, e.quantity]));
  const full = options.extras.length >= EXTRAS_PER_FILE_MAX;
  const quantity = (id: string, n: number | null) =>
    set({
      extras:
        n === null
          ? options.extras.filter((e) => e.serviceId !== id)
          : options.extras.map((e) => (e.serviceId === id ? { ...e, quantity: n } : e)),
    });
  return offered.map((r) => {
    const n = chosen.get(r.id);
    return (
      <Fragment key={r.id}>
        <button
          type="button"
          aria-pressed={n !== undefined}
          disabled={n === undefined && full}
          onClick={() => (n === undefined ? set({ extras: [...options.extras, { serviceId: r.id, quantity: 1 }] }) : quantity(r.id, null))}
          className={`${CHIP} whitespace-normal rounded-3xl px-3.5 py-1 text-left aria-pressed:border-brand-500 aria-pressed:bg-brand-50 aria-pressed:font-medium aria-pressed:text-brand-800 disabled:opacity-50`}
        >
          {n === undefined ? '+ ' : '✓ '}
          {r.serviceName} {formatRupees(r.basePrice)}
          {r.unit === 'per_order' && ' per order'}
        </button>
        {/* A per-order add-on is charged once per job, however many are asked for: nothing to count. */}
        {n !== undefined && r.unit !== 'per_order' && (
          <Stepper name={r.serviceName} value={n} min={1} max={EXTRA_QUANTITY_MAX} text={`×${n}`} onChange={(q) => quantity(r.id, q)} />
        )}
      </Fragment>
    );
  });
}

const SIDES: [TPrintOptions['sides'], string][] = [
  ['single', 'Single-sided'],
  ['double', 'Double-sided'],
];
const PER_SIDE: [TPrintOptions['nup'], string][] = [
  [1, '1 per side'],
  [2, '2 per side'],
  [4, '4 per side'],
];

/**
 * One picked file's print options as chips, always in view (nothing behind hover), each a named
 * control; the price of a side underneath. `onApplyToAll` is there when there are other files.
 */
export function PrintChoices(props: {
  fileName: string;
  shop: PrintShop;
  options: TPrintOptions;
  onePage: boolean;
  disabled: boolean;
  onChange: (o: TPrintOptions) => void;
  onApplyToAll?: () => void;
}): ReactNode {
  const { fileName, shop, options, onePage, disabled, onChange, onApplyToAll } = props;
  const errorId = useId();
  // A page list is judged once the customer leaves it, not at every keystroke ("1-" is on its way to "1-3").
  const [pagesTouched, setPagesTouched] = useState(false);
  const problem = pagesTouched && !onePage ? pagesProblem(options.pages) : null;
  const set = (part: Partial<TPrintOptions>) => onChange({ ...options, ...part });
  const colors: [TPrintOptions['color'], string][] = [
    ['bw', 'B&W'],
    ['color', 'Colour'],
  ];
  if (shop.colorDetection) colors.push(['auto', 'Auto colour']);
  return (
    <fieldset disabled={disabled} aria-label={`Print options for ${fileName}`} className="mt-2 min-w-0">
      <div className="flex flex-wrap gap-2">
        <Stepper
          name="Copies"
          value={options.copies}
          min={1}
          max={COPIES_MAX}
          text={`${options.copies} ${options.copies === 1 ? 'copy' : 'copies'}`}
          onChange={(copies) => set({ copies })}
        />
        <Choice name="Colour" value={options.color} choices={colors} onChange={(color) => set({ color })} />
        {!onePage && (
          <>
            <Choice name="Sides" value={options.sides} choices={SIDES} onChange={(sides) => set({ sides })} />
            <PagesChip
              value={options.pages}
              problem={problem}
              errorId={errorId}
              onChange={(pages) => set({ pages })}
              onBlur={() => setPagesTouched(true)}
            />
            <Choice name="Pages per side" value={options.nup} choices={PER_SIDE} onChange={(nup) => set({ nup })} />
          </>
        )}
        {shop.papers.length > 1 && (
          <Choice name="Paper" value={options.paper} choices={shop.papers.map((p) => [p, p])} onChange={(paper) => set({ paper })} />
        )}
        <Extras shop={shop} options={options} set={set} />
      </div>
      {problem && (
        <p id={errorId} className="mt-1.5 text-xs font-medium text-red-600">
          {problem}
        </p>
      )}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="text-sm text-slate-600">{priceHint(shop.rateCard, options, onePage)}</p>
        {onApplyToAll && (
          <button
            type="button"
            onClick={onApplyToAll}
            className="h-11 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            Apply to all files
          </button>
        )}
      </div>
    </fieldset>
  );
}
