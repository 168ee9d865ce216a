import { Link, useParams } from 'react-router';
import { useVerifyEmail } from '../../api/accounts';
import { serverMessageOr } from '../../api/client';
import { buttonClass } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Spinner } from '../../components/Spinner';
import { AuthLayout } from './AuthLayout';

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
      <div className="mb-6 flex justify-center">
        <span
          className={`flex h-14 w-14 items-center justify-center rounded-full ${ok ? 'bg-emerald-50 text-emerald-600' : 'bg-red-50 text-red-600'}`}
        >
          <Icon name={ok ? 'check' : 'alert'} className="h-7 w-7" />
        </span>
      </div>
      <Link to="/login" className={buttonClass('primary', 'w-full')}>
        Go to login
      </Link>
    </AuthLayout>
  );
}
