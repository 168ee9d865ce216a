import { Link } from 'react-router';

/** The customer pages' footer line, linking to the public site. */
export function PoweredBy({ className = '' }: { className?: string }) {
  return (
    <footer className={`mt-8 text-center text-xs text-slate-600 ${className}`}>
      Powered by{' '}
      <Link to="/public/home" className="font-semibold text-slate-500 hover:text-slate-700">
        Counterprint
      </Link>
    </footer>
  );
}
