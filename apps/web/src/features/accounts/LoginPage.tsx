import { type FormEvent, useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { signIn } from '../../api/accounts';
import { serverMessageOr } from '../../api/client';
import { clearAccountKeys, notifyAuthChanged, SESSION, SESSION_EXPIRED_REASON, setActiveRole } from '../../api/storage';
import { decodeToken, rolesOf } from '../../api/token';
import { Button } from '../../components/Button';
import { PasswordField, TextField } from '../../components/Field';
import { FormError, FormNotice } from '../../components/FormMessage';
import { safeNext, withNext } from '../../lib/next';
import { useAuth } from '../../session/auth';
import { roleHome } from '../../session/roles';
import { AuthLayout, LINK } from './AuthLayout';
import { SignupSteps } from './SignupSteps';
import { isEmail } from './validation';

interface LoginState {
  fromSignup?: boolean;
  email?: string;
}

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

export default function LoginPage() {
  const auth = useAuth();
  const location = useLocation();
  const [params] = useSearchParams();
  const state = (location.state ?? {}) as LoginState;
  const [email, setEmail] = useState(state.email ?? '');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [sessionExpired] = useState(
    () => params.get('sessionExpired') === 'true' || sessionStorage.getItem(SESSION.logoutReason) === SESSION_EXPIRED_REASON,
  );

  // The reason has been shown once; a later visit to /login should not repeat it.
  useEffect(() => {
    sessionStorage.removeItem(SESSION.logoutReason);
  }, []);

  // A page that sent the visitor here to sign in (e.g. checkout) gets them back.
  const next = safeNext(params.get('next'));
  if (auth.signedIn && auth.activeRole) return <Navigate to={next ?? roleHome(auth.activeRole)} replace />;

  const canSubmit = email.trim() !== '' && password !== '' && isEmail(email) && !submitting;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit) return;
    setSubmitting(true);
    setError(null);
    setWarning(null);
    try {
      const { token } = await signIn({ email: email.trim().toLowerCase(), password });
      const roles = rolesOf(decodeToken(token));
      if (roles.length === 0) {
        clearAccountKeys();
        setWarning('No roles found - Contact admin');
        return;
      }
      // The auth state opens the workspace this account used last (docs/decisions/023).
      setActiveRole(null);
      notifyAuthChanged();
    } catch (err) {
      setError(serverMessageOr(err, 'Login failed'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back. Sign in to manage your shop."
      banner={state.fromSignup ? <SignupSteps /> : undefined}
      footer={
        <>
          New to Counterprint?{' '}
          <Link to={withNext('/signup', next)} className={LINK}>
            Create an account
          </Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {sessionExpired && <FormNotice>{SESSION_EXPIRED_MESSAGE}</FormNotice>}
        {warning && <FormNotice>{warning}</FormNotice>}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@example.com"
          maxLength={254}
          required
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          maxLength={128}
          required
          aside={
            <Link to="/forgot-password" className={`text-xs ${LINK}`}>
              Forgot password?
            </Link>
          }
        />
        {/* Issue 16: said once, beside the form (a dialog repeated it). */}
        {error && <FormError>{error}</FormError>}
        <Button type="submit" className="w-full" disabled={!canSubmit} loading={submitting}>
          Sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
