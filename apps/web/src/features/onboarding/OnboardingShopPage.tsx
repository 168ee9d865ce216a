import type { TOnboardingResult } from '@counterprint/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { accountKeys } from '../../api/accounts';
import { refreshSession, serverMessageOr } from '../../api/client';
import { createShop, rememberOwnedShop } from '../../api/shops';
import { notifyAuthChanged, readStoredUser, SESSION, setActiveRole, setActiveShop } from '../../api/storage';
import { BrandHeader } from '../../components/Brand';
import { Button } from '../../components/Button';
import { FormError } from '../../components/FormMessage';
import { useAuth } from '../../session/auth';
import type { ImageSizeReader } from './banners';
import { OnboardingDone } from './OnboardingDone';
import { type Bind, BrandingStep, BusinessStep, ShopInfoStep } from './OnboardingSteps';
import { PricesStep } from './PricesStep';
import { DEFAULT_PRICES_DRAFT, type PricesDraft, pricesProblem, toPrices } from './prices';
import { ReviewStep } from './ReviewStep';
import { STEP_TITLES, StepIndicator } from './StepIndicator';
import { INITIAL_VALUES, type OnboardingField, type OnboardingValues, onboardingErrors, toShopPayload } from './validation';

const STEP_FIELDS: OnboardingField[][] = [
  ['shopName', 'category', 'address'],
  ['tagline', 'primaryColor'],
  ['gstNumber', 'pan', 'shopContactNumber', 'whatsapp', 'hours'],
  [],
  [],
];
const PRICES_STEP = STEP_TITLES.indexOf('Prices');
const LAST = STEP_TITLES.length - 1;

/** Whose shop this will be: the signed-in account, else the address sign-up just created. */
function useOwnerEmail(signedIn: boolean): string | null {
  const state = useLocation().state as { email?: unknown } | null;
  // Read once: a successful finish clears the stored address, and the page must not then bounce to /login.
  const [email] = useState(() => {
    if (signedIn) return readStoredUser()?.email ?? null;
    if (typeof state?.email === 'string' && state.email) return state.email;
    return sessionStorage.getItem(SESSION.onboardingEmail);
  });
  return email;
}

/** Shop onboarding (docs/product/screens.md#shop-onboarding): five steps, one call, then the shop's public link. */
export default function OnboardingShopPage({ readSize }: { readSize?: ImageSizeReader }) {
  const { signedIn } = useAuth();
  const email = useOwnerEmail(signedIn);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<OnboardingValues>(INITIAL_VALUES);
  const [touched, setTouched] = useState<Partial<Record<OnboardingField, boolean>>>({});
  const [banners, setBanners] = useState<File[]>([]);
  const [prices, setPrices] = useState<PricesDraft>(DEFAULT_PRICES_DRAFT);
  const [pricesTouched, setPricesTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<TOnboardingResult | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // A new step starts at its title, not wherever the last one was scrolled to.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on step changes only
  useEffect(() => {
    if (firstRender.current) firstRender.current = false;
    else heading.current?.focus();
  }, [step]);

  const errors = onboardingErrors(values);

  const bind: Bind = (name) => ({
    name,
    value: values[name],
    onChange: (e) =>
      setValues((v) => {
        const next = { ...v, [name]: e.target.value };
        // WhatsApp defaults to the contact number until the owner types a different one.
        if (name === 'shopContactNumber' && v.whatsapp === v.shopContactNumber) next.whatsapp = e.target.value;
        return next;
      }),
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    error: touched[name] ? errors[name] : undefined,
  });

  const firstInvalidStep = () => STEP_FIELDS.findIndex((fields) => fields.some((f) => errors[f]));
  const touchStep = (index: number) =>
    setTouched((t) => ({ ...t, ...Object.fromEntries((STEP_FIELDS[index] ?? []).map((f) => [f, true])) }));

  const next = () => {
    if (STEP_FIELDS[step]?.some((f) => errors[f])) {
      touchStep(step);
      return;
    }
    if (step === PRICES_STEP && pricesProblem(prices)) {
      setPricesTouched(true);
      return;
    }
    setStep((s) => Math.min(LAST, s + 1));
  };

  const finish = async () => {
    const invalid = firstInvalidStep();
    if (invalid >= 0) {
      touchStep(invalid);
      setStep(invalid);
      return;
    }
    if (pricesProblem(prices)) {
      setPricesTouched(true);
      setStep(PRICES_STEP);
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const shop = await createShop({ ...toShopPayload(values), prices: toPrices(prices) }, banners, signedIn);
      sessionStorage.removeItem(SESSION.onboardingEmail);
      sessionStorage.removeItem(SESSION.onboardingToken);
      if (signedIn) {
        // The new token carries SHOP_OWNER; the new shop becomes the one the staff screens show.
        await refreshSession();
        rememberOwnedShop(shop);
        setActiveShop(shop.id, shop.slug);
        setActiveRole('SHOP_OWNER');
        notifyAuthChanged();
        void queryClient.invalidateQueries({ queryKey: accountKeys.me });
      }
      setCreated(shop);
    } catch (err) {
      setError(serverMessageOr(err, 'Failed to create shop'));
    } finally {
      setSubmitting(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (step === LAST) void finish();
    else next();
  };

  if (!signedIn && !email) return <Navigate to="/login" replace />;

  return (
    <div className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50 px-4 py-8 sm:py-12">
      <BrandHeader />
      <main className="w-full max-w-xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {created ? (
          <OnboardingDone
            shop={created}
            signedIn={signedIn}
            onContinue={() => (signedIn ? navigate('/shop-dashboard') : navigate('/login', { state: { email } }))}
          />
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <StepIndicator step={step} />
            <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
              Step {step + 1} of {STEP_TITLES.length}
            </p>
            <h1 ref={heading} tabIndex={-1} className="mt-1 text-2xl font-bold tracking-tight text-slate-900 outline-none">
              {STEP_TITLES[step]}
            </h1>
            {email && <p className="mt-1 text-sm text-slate-500">Setting up a shop for {email}</p>}
            <div className="mt-6">
              {step === 0 && <ShopInfoStep bind={bind} />}
              {step === 1 && <BrandingStep bind={bind} banners={banners} onBannersChange={setBanners} readSize={readSize} />}
              {step === 2 && <BusinessStep bind={bind} />}
              {step === PRICES_STEP && (
                <PricesStep draft={prices} onChange={setPrices} problem={pricesTouched ? pricesProblem(prices) : null} />
              )}
              {step === LAST && <ReviewStep values={values} prices={toPrices(prices)} banners={banners} email={email} onEdit={setStep} />}
            </div>
            {error && (
              <div className="mt-4">
                <FormError>{error}</FormError>
              </div>
            )}
            <div className="mt-8 flex gap-3">
              {step > 0 && (
                <Button variant="secondary" onClick={() => setStep((s) => s - 1)} disabled={submitting}>
                  Back
                </Button>
              )}
              <Button type="submit" className="flex-1" loading={submitting}>
                {step === LAST ? 'Finish' : 'Next'}
              </Button>
            </div>
          </form>
        )}
      </main>
    </div>
  );
}
