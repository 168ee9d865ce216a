import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { sendResetEmail } from '../../api/accounts';
import { Button, buttonClass } from '../../components/Button';
import { TextField } from '../../components/Field';
import { FormError } from '../../components/FormMessage';
import { Icon } from '../../components/Icon';
import { AuthLayout, BackToLogin } from './AuthLayout';
import { forgotEmailError, forgotFailureMessage } from './validation';

const NEXT_STEPS = [
  'Open the email we just sent (check spam or promotions too).',
  'Follow the link; it works once and expires in 15 minutes.',
  'Choose a new password, then sign in with it.',
];

function SentPanel({ email, onRetry }: { email: string; onRetry: () => void }) {
  return (
    <AuthLayout
      title="Check your email"
      subtitle={
        <>
          We sent a reset link to <strong className="text-slate-700">{email}</strong>.
        </>
      }
    >
      <div className="mb-6 flex justify-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <Icon name="mail" className="h-7 w-7" />
        </span>
      </div>
      <h2 className="text-sm font-semibold text-slate-900">Next steps</h2>
      <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm text-slate-600">
        {NEXT_STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div className="mt-6 flex flex-col gap-2">
        <Link to="/login" className={buttonClass('primary', 'w-full')}>
          Back to login
        </Link>
        <Button variant="ghost" className="w-full" onClick={onRetry}>
          Didn't get it? Try again
        </Button>
      </div>
    </AuthLayout>
  );
}

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = forgotEmailError(email);
    setFieldError(problem);
    setFailure(null);
    if (problem || sending) return;
    const normalized = email.trim().toLowerCase();
    setSending(true);
    try {
      await sendResetEmail(normalized);
      setSentTo(normalized);
    } catch (err) {
      setFailure(forgotFailureMessage(err));
    } finally {
      setSending(false);
    }
  };

  if (sentTo) return <SentPanel email={sentTo} onRetry={() => setSentTo(null)} />;

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter your account's email and we'll send you a link to reset it."
      footer={<BackToLogin />}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (fieldError) setFieldError(forgotEmailError(e.target.value));
          }}
          error={fieldError}
          placeholder="you@example.com"
        />
        {failure && <FormError>{failure}</FormError>}
        <Button type="submit" className="w-full" loading={sending}>
          Send reset link
        </Button>
      </form>
    </AuthLayout>
  );
}
