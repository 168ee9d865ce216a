import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useMe } from '../../api/accounts';
import { serverMessageOr } from '../../api/client';
import { buttonClass } from '../../components/Button';
import { EmptyState, LoadFailed } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import { useAuth } from '../../session/auth';
import { ROLE_LABEL } from '../../session/roles';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4">
      <dt className="w-32 shrink-0 text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** /profile is declared for everyone (docs/product/routes.md#web-routes); only a signed-in user has an account to show. */
export default function ProfilePage() {
  const { signedIn } = useAuth();
  const me = useMe(signedIn);

  if (!signedIn) {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <EmptyState icon="user" title="Sign in to see your profile">
          <Link to="/login" className={buttonClass('primary', 'mt-2')}>
            Sign in
          </Link>
        </EmptyState>
      </div>
    );
  }
  if (me.isPending) {
    return (
      <div className="flex justify-center py-20">
        <Spinner className="h-8 w-8 text-brand-500" />
      </div>
    );
  }
  if (me.isError) {
    return (
      <LoadFailed
        title="Could not load your profile"
        message={serverMessageOr(me.error, 'Please try again.')}
        onRetry={() => void me.refetch()}
      />
    );
  }

  const account = me.data;
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">My Profile</h1>
      <section className="mt-6 rounded-2xl border border-slate-200 bg-white px-5 shadow-sm sm:px-6">
        <dl className="divide-y divide-slate-100">
          <Row label="Name">{account.name}</Row>
          <Row label="Email">
            <span className="break-all">{account.email}</span>{' '}
            <span
              className={`ml-1 inline-block rounded-full px-2 py-0.5 text-xs font-medium ${
                account.emailVerified ? 'bg-emerald-50 text-emerald-700' : 'bg-amber-50 text-amber-700'
              }`}
            >
              {account.emailVerified ? 'Verified' : 'Not verified'}
            </span>
          </Row>
          <Row label="Roles">{account.roles.map((r) => ROLE_LABEL[r]).join(', ') || '—'}</Row>
          <Row label="Shops">
            {account.shops.length === 0 ? (
              <span className="text-slate-500">No shops yet</span>
            ) : (
              <ul className="space-y-1">
                {account.shops.map((shop) => (
                  <li key={shop.id}>
                    {shop.name} <span className="text-slate-500">/public/{shop.slug}</span>
                  </li>
                ))}
              </ul>
            )}
          </Row>
        </dl>
      </section>
    </div>
  );
}
