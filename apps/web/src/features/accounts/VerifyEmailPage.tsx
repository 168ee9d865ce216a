import { useParams } from 'react-router';
import { useVerifyEmail } from '../../api/accounts';
import { serverMessageOr } from '../../api/client';
import { Spinner } from '../../components/Spinner';
import { AuthLayout, OutcomeAndLogin } from './AuthLayout';

/** The link mailed at sign-up lands here (docs/product/rules.md#accounts-and-tokens). */
export default function VerifyEmailPage() {
  const { token = '' } = useParams();
  const verification = useVerifyEmail(token);

  if (verification.isPending) {
    return (
      <AuthLayout title="Verifying your email…">
        <div className="flex justify-center py-6">
          <Spinner className="h-8 w-8 text-brand-500" />
        </div>
      </AuthLayout>
    );
  }

  const ok = verification.isSuccess;
  return (
    <AuthLayout
      title={ok ? 'Email verified' : 'Verification failed'}
      subtitle={
        ok
          ? `Thanks! ${verification.data.email} is confirmed.`
          : serverMessageOr(verification.error, 'This link is invalid or has expired.')
      }
    >
      <OutcomeAndLogin ok={ok} />
    </AuthLayout>
  );
}
