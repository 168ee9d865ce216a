import { SHOP_CATEGORIES } from '@counterprint/contract';
import { useId } from 'react';
import { TextField } from '../../components/Field';
import { BannerPicker } from './BannerPicker';
import type { ImageSizeReader } from './banners';
import { FIELD_LABEL, type OnboardingField } from './validation';

/** What the page hands each input: its value, change and blur handlers, and the error to show. */
export interface BoundField {
  name: OnboardingField;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  onBlur: () => void;
  error?: string;
}
export type Bind = (name: OnboardingField) => BoundField;

const CONTROL =
  'block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-xs focus:outline-none focus:ring-2 sm:text-sm';
const controlClass = (error?: string) =>
  `${CONTROL} ${error ? 'border-red-400 focus:border-red-500 focus:ring-red-200' : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'}`;

const REQUIRED = <span className="text-xs font-medium text-slate-500">Required</span>;

function RequiredLabel({ htmlFor, label }: { htmlFor: string; label: string }) {
  return (
    <div className="mb-1.5 flex items-center justify-between">
      <label htmlFor={htmlFor} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {REQUIRED}
    </div>
  );
}

function ControlError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1.5 text-xs font-medium text-red-600">
      {error}
    </p>
  ) : null;
}

function CategorySelect({ bound: { error, ...bound } }: { bound: BoundField }) {
  const id = useId();
  return (
    <div>
      <RequiredLabel htmlFor={id} label={FIELD_LABEL.category} />
      <select
        id={id}
        required
        {...bound}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={controlClass(error)}
      >
        <option value="">Choose a category</option>
        {SHOP_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
      <ControlError id={`${id}-error`} error={error} />
    </div>
  );
}

function AddressInput({ bound: { error, ...bound } }: { bound: BoundField }) {
  const id = useId();
  return (
    <div>
      <RequiredLabel htmlFor={id} label={FIELD_LABEL.address} />
      <textarea
        id={id}
        rows={3}
        required
        maxLength={300}
        autoComplete="street-address"
        placeholder="Shop number, street, area, city"
        {...bound}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={controlClass(error)}
      />
      <ControlError id={`${id}-error`} error={error} />
    </div>
  );
}

export function ShopInfoStep({ bind }: { bind: Bind }) {
  return (
    <div className="space-y-4">
      <TextField label={FIELD_LABEL.shopName} aside={REQUIRED} required maxLength={100} autoComplete="organization" {...bind('shopName')} />
      <CategorySelect bound={bind('category')} />
      <AddressInput bound={bind('address')} />
    </div>
  );
}

interface BrandingStepProps {
  bind: Bind;
  banners: File[];
  onBannersChange: (files: File[]) => void;
  readSize?: ImageSizeReader;
}

export function BrandingStep({ bind, banners, onBannersChange, readSize }: BrandingStepProps) {
  const colourId = useId();
  const { error: colourError, ...colour } = bind('primaryColor');
  return (
    <div className="space-y-5">
      <TextField label={FIELD_LABEL.tagline} maxLength={120} placeholder="Fast prints, fair prices" {...bind('tagline')} />
      <div>
        <label htmlFor={colourId} className="mb-1.5 block text-sm font-medium text-slate-700">
          {FIELD_LABEL.primaryColor}
        </label>
        <div className="flex items-center gap-3">
          <input
            id={colourId}
            type="color"
            {...colour}
            className="h-11 w-16 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
          />
          <span className="font-mono text-sm text-slate-600">{colour.value}</span>
          <span className="ml-auto rounded-lg px-3 py-1.5 text-xs font-semibold text-white" style={{ backgroundColor: colour.value }}>
            Your page's buttons
          </span>
        </div>
        <ControlError id={`${colourId}-error`} error={colourError} />
      </div>
      <BannerPicker banners={banners} onChange={onBannersChange} readSize={readSize} />
    </div>
  );
}

export function BusinessStep({ bind }: { bind: Bind }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={FIELD_LABEL.gstNumber}
        maxLength={15}
        autoCapitalize="characters"
        placeholder="22AAAAA0000A1Z5"
        {...bind('gstNumber')}
      />
      <TextField label={FIELD_LABEL.pan} maxLength={10} autoCapitalize="characters" placeholder="ABCDE1234F" {...bind('pan')} />
      <TextField
        label={FIELD_LABEL.shopContactNumber}
        type="tel"
        inputMode="tel"
        maxLength={20}
        autoComplete="tel"
        {...bind('shopContactNumber')}
      />
      <TextField label={FIELD_LABEL.whatsapp} type="tel" inputMode="tel" maxLength={20} {...bind('whatsapp')} />
      <TextField label={FIELD_LABEL.hours} maxLength={60} className="sm:col-span-2" {...bind('hours')} />
    </div>
  );
}
