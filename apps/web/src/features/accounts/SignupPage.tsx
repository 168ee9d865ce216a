import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { signUp } from '../../api/accounts';
import { serverMessageOr } from '../../api/client';
import { readStoredUser, SESSION } from '../../api/storage';
import { Button, buttonClass } from '../../components/Button';
import { PasswordField, TextField } from '../../components/Field';
import { FormError } from '../../components/FormMessage';
import { Modal } from '../../components/Modal';
import { safeNext, withNext } from '../../lib/next';
import { prefetchOnboarding } from '../../lib/prefetch';
import { useAuth } from '../../session/auth';
import { CREATE_SHOP, MY_DASHBOARD, useNeedsShop } from '../../session/createShop';
import { AuthLayout, LINK } from './AuthLayout';
import { type SignupValues, signupErrors } from './validation';

type Touched = Partial<Record<keyof SignupValues, boolean>>;

/**
 * A signed-in account that follows a "Start free trial" link lands here. A second account is not what
 * it wants, and the onboarding that follows sign-up would run with the signed-in bearer anyway.
 */
function AlreadySignedIn() {
  const needsShop = useNeedsShop();
  const email = readStoredUser()?.email;
  return (
    <AuthLayout title="You are signed in" subtitle={email ? `As ${email}.` : undefined}>
      <div className="flex flex-col gap-3">
        {needsShop && (
          <Link to={CREATE_SHOP.to} className={buttonClass('primary', 'w-full')}>
            {CREATE_SHOP.label}
          </Link>
        )}
        <Link to={MY_DASHBOARD.to} className={buttonClass(needsShop ? 'secondary' : 'primary', 'w-full')}>
          {MY_DASHBOARD.label}
        </Link>
        <p className="text-center text-xs text-slate-500">To create a different account, sign out first.</p>
      </div>
    </AuthLayout>
  );
}

export default function SignupPage() {
  const { signedIn } = useAuth();
  return signedIn ? <AlreadySignedIn /> : <SignupForm />;
}

function SignupForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const [values, setValues] = useState<SignupValues>({ name: '', email: params.get('email') ?? '', password: '', confirm: '' });
  const [touched, setTouched] = useState<Touched>({});
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [createdEmail, setCreatedEmail] = useState<string | null>(null);

  const errors = signupErrors(values);
  const valid = Object.keys(errors).length === 0;
  // Messages wait until a field has been left, so a half-typed address is not scolded.
  const shown = (field: keyof SignupValues) => (touched[field] ? errors[field] : undefined);
  const field = (name: keyof SignupValues) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    error: shown(name),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      const created = await signUp({ name: values.name.trim(), email: values.email.trim().toLowerCase(), password: values.password });
      sessionStorage.setItem(SESSION.onboardingEmail, created.email);
      sessionStorage.setItem(SESSION.onboardingToken, created.onboardingToken);
      setCreatedEmail(created.email);
      // Both answers lead to another page: fetch their code while the question is on screen.
      void import('./LoginPage');
      prefetchOnboarding();
    } catch (err) {
      setError(serverMessageOr(err, 'Signup failed'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start taking files at your counter in minutes."
      footer={
        <>
          Already have an account?{' '}
          <Link to={withNext('/login', next)} className={LINK}>
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField label="Full name" autoComplete="name" maxLength={100} {...field('name')} />
        <TextField label="Email" type="email" inputMode="email" autoComplete="email" maxLength={254} {...field('email')} />
        <PasswordField label="Password" autoComplete="new-password" maxLength={128} {...field('password')} />
        <PasswordField label="Confirm password" autoComplete="new-password" maxLength={128} {...field('confirm')} />
        {error && <FormError>{error}</FormError>}
        <Button type="submit" className="w-full" disabled={!valid} loading={submitting}>
          Create account
        </Button>
        <p className="text-center text-xs text-slate-500">At least 8 characters, with a letter and a number.</p>
      </form>
      <Modal
        open={createdEmail !== null}
        title="Create your shop now?"
        tone="success"
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => navigate(withNext('/login', next), { state: { fromSignup: true, email: createdEmail } })}
            >
              Later
            </Button>
            <Button onClick={() => navigate('/onboarding/shop', { state: { email: createdEmail } })}>Yes, create my shop</Button>
          </>
        }
      >
        Your account is ready. Set up your shop now to get its QR code and upload page, or do it after you sign in.
      </Modal>
    </AuthLayout>
  );
}
