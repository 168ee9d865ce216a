import { SHOP_CATEGORIES, SHOP_TYPES, type TShopProfile, UPI_VPA_MESSAGE } from '@counterprint/contract';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError, serverMessageOr } from '../../api/client';
import { useSaveShopProfile } from '../../api/settings';
import { Button } from '../../components/Button';
import { SHORT_TOAST_MS, useToast } from '../../components/Toast';
import { Checkbox, Input, Panel, Select, Switch } from './fields';
import { SETTINGS_TOASTS } from './messages';
import { type ProfileErrors, type ProfileValues, profileErrors, profilePayload, valuesFrom } from './profile';
import { UpiFields } from './UpiFields';
import type { BannerDraft } from './useBannerDraft';
import { type UsernameStatus, useUsernameCheck } from './useUsernameCheck';

const USERNAME_STATE: Record<Exclude<UsernameStatus, 'idle'>, { text: string; className: string }> = {
  checking: { text: 'Checking...', className: 'text-slate-500' },
  available: { text: 'Available', className: 'font-semibold text-emerald-700' },
  taken: { text: 'Taken', className: 'font-semibold text-red-600' },
};

/** Issue 19: what turning colour detection on does for the shop's customers and prices. */
const COLOR_DETECTION_HINT = 'Customers may choose Auto colour: colour pages are charged at the colour rate, the rest at B&W.';

function UsernameHint({ status }: { status: UsernameStatus }) {
  const state = status === 'idle' ? null : USERNAME_STATE[status];
  return (
    <span className="flex flex-wrap justify-between gap-2">
      <span>Letters, numbers and underscores only.</span>
      <span aria-live="polite" className={state?.className}>
        {state?.text}
      </span>
    </span>
  );
}

interface Props {
  shopId: string;
  shop: TShopProfile;
  draft: BannerDraft;
  onSaved: (shop: TShopProfile) => void;
}

/** The profile form of docs/product/screens.md#settings, plus the onboarding fields settings edit too (docs/product/rules.md#shops). */
export function ProfileForm({ shopId, shop, draft, onSaved }: Props) {
  const toast = useToast(SHORT_TOAST_MS);
  const [values, setValues] = useState<ProfileValues>(() => valuesFrom(shop));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const username = useUsernameCheck(shopId);

  const save = useSaveShopProfile(shopId, {
    onSuccess: (saved) => {
      draft.clearPending();
      draft.clearMarked();
      username.reset();
      setValues(valuesFrom(saved));
      setProblem(null);
      onSaved(saved);
      toast(SETTINGS_TOASTS.profileSaved, 'success');
    },
    onError: (err) => {
      // The server's refusal of the UPI ID (a rule newer than this screen's copy, say) belongs under the field.
      if (err instanceof ApiError && err.serverMessage === UPI_VPA_MESSAGE) setErrors((e) => ({ ...e, upiId: UPI_VPA_MESSAGE }));
      setProblem(`${SETTINGS_TOASTS.profileFailed} ${serverMessageOr(err, '')}`.trim());
      toast(serverMessageOr(err, SETTINGS_TOASTS.profileFailed), 'error');
    },
  });

  const set = <K extends keyof ProfileValues>(key: K, value: ProfileValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key === 'shopName' || key === 'username' || key === 'upiId') setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const text = (key: Exclude<keyof ProfileValues, 'enableOnlinePayments' | 'enableGstInclusive' | 'colorDetection'>) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = profileErrors(values);
    setErrors(found);
    const messages = Object.values(found);
    if (messages.length === 0) {
      setProblem(null);
      const toRemove = [...draft.marked];
      const profile = profilePayload(
        values,
        toRemove,
        shop.bannerGcsPaths.filter((p) => !draft.marked.has(p)),
      );
      save.mutate({ profile, banners: draft.files });
      return;
    }
    // The field may be far above the button on a phone: say why here, and take the person to it.
    setProblem(`${SETTINGS_TOASTS.profileFailed} ${messages.join('. ')}.`);
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  return (
    <Panel title="Shop Profile" description="What customers see on your public page and QR upload screen.">
      <form ref={form} noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <Input label="Shop name" required {...text('shopName')} error={errors.shopName} maxLength={100} />
        <Input label="Owner name" {...text('ownerName')} autoComplete="name" maxLength={100} />
        <Input
          label="Username"
          required
          value={values.username}
          onChange={(e) => {
            set('username', e.target.value);
            username.check(e.target.value);
          }}
          error={errors.username}
          hint={<UsernameHint status={username.status} />}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
        />
        <Select label="Shop type" {...text('shopType')}>
          <option value="">Select type</option>
          {SHOP_TYPES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </Select>
        <Input label="Address" className="sm:col-span-2" {...text('shopAddress')} autoComplete="street-address" maxLength={300} />
        <Input label="Contact number" type="tel" {...text('shopContactNumber')} autoComplete="tel" maxLength={20} />
        <Input label="Alternate contact" type="tel" {...text('shopContactNumberAlternate')} maxLength={20} />
        <Input label="WhatsApp number" type="tel" {...text('whatsapp')} hint="Leave blank to use the contact number." maxLength={20} />
        <Input
          label="Public e-mail"
          type="email"
          {...text('publicEmail')}
          hint="Shown on your shop page. Your sign-in e-mail is never shown."
          autoComplete="off"
          maxLength={254}
        />
        <Input label="Opening hours" {...text('hours')} placeholder="9:30 AM – 8:00 PM" maxLength={60} />
        <Input label="GST number" {...text('gstNumber')} autoCapitalize="characters" maxLength={15} />
        <Input label="PAN" {...text('pan')} autoCapitalize="characters" placeholder="ABCDE1234F" maxLength={10} />
        <Input label="Tagline" className="sm:col-span-2" {...text('tagline')} maxLength={120} />
        <Select label="Category" {...text('category')}>
          {SHOP_CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </Select>
        <div>
          <span className="mb-1.5 block text-sm font-medium text-slate-700">Primary colour</span>
          <div className="flex items-center gap-3">
            <input
              type="color"
              aria-label="Primary colour"
              value={values.primaryColor}
              onChange={(e) => set('primaryColor', e.target.value)}
              className="h-11 w-14 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
            />
            <span className="font-mono text-sm text-slate-600">{values.primaryColor}</span>
          </div>
        </div>
        <UpiFields upiId={text('upiId')} payeeName={text('upiPayeeName')} shopName={values.shopName} error={errors.upiId} />
        <div className="flex flex-col gap-3 sm:col-span-2">
          <Checkbox
            label="Accept online payments"
            checked={values.enableOnlinePayments}
            onChange={(e) => set('enableOnlinePayments', e.target.checked)}
          />
          <Checkbox
            label="Prices include GST"
            checked={values.enableGstInclusive}
            onChange={(e) => set('enableGstInclusive', e.target.checked)}
          />
          <Switch
            label="Colour detection"
            hint={COLOR_DETECTION_HINT}
            checked={values.colorDetection}
            onChange={(on) => set('colorDetection', on)}
          />
        </div>
        <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-100 pt-4 sm:col-span-2">
          {problem && (
            <p role="alert" className="mr-auto text-sm font-medium text-red-700">
              {problem}
            </p>
          )}
          {(draft.files.length > 0 || draft.marked.size > 0) && (
            <span className="text-xs text-slate-500">Banner changes are saved with the profile.</span>
          )}
          <Button type="submit" loading={save.isPending}>
            Save Profile
          </Button>
        </div>
      </form>
    </Panel>
  );
}

/** docs/product/screens.md#settings: two display-only checkboxes showing what the saved profile has switched on. */
export function BillingPanel({ shop }: { shop: TShopProfile }) {
  return (
    <Panel title="Billing & Integrations" description="Switched on or off in the profile above; shown here as saved.">
      <div className="flex flex-col gap-3">
        <Checkbox
          label="Online payments"
          hint="Customers can pay online."
          checked={shop.integrations.includes('online_payments')}
          disabled
          readOnly
        />
        <Checkbox
          label="GST inclusive pricing"
          hint="Rates include GST."
          checked={shop.integrations.includes('gst_inclusive')}
          disabled
          readOnly
        />
      </div>
    </Panel>
  );
}
