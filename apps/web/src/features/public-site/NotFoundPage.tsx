import { Link } from 'react-router';
import { buttonClass } from '../../components/Button';
import { useAuth } from '../../session/auth';
import { roleHome } from '../../session/roles';

/** docs/product/screens.md#not-found-page: 'Page Not Found' and a button home (the role home when signed in). */
export default function NotFoundPage() {
  const { signedIn, activeRole } = useAuth();
  const home = signedIn && activeRole ? roleHome(activeRole) : '/public/home';
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center px-4 py-16 text-center">
      <p className="text-6xl font-extrabold tracking-tight text-brand-500">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Page Not Found</h1>
      <p className="mt-2 max-w-sm text-sm text-slate-500">The page you are looking for does not exist or has moved.</p>
      <Link to={home} className={buttonClass('primary', 'mt-8')}>
        Go to home page
      </Link>
    </div>
  );
}
