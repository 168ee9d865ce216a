import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { PUBLIC_NAV, SIGNED_IN_ACTIONS, SIGNED_OUT_ACTIONS, type SiteLink } from '../../content/site';
import { useAuth } from '../../session/auth';
import { accountPath, roleHome } from '../../session/roles';
import { Brand } from '../Brand';
import { buttonClass } from '../Button';
import { Icon } from '../Icon';
import { useEscape } from '../useEscape';

/** The twins (/public/features, /public/pricing, …) light up their declared nav entry. */
const TWIN: Record<string, string> = {
  '/public/features': '/public/feature',
  '/public/pricing': '/public/price',
  '/public/review': '/public/reveiw',
  '/public/testimonials': '/public/reveiw',
};

function useActions(): { secondary: SiteLink; primary: SiteLink } {
  const { signedIn, activeRole } = useAuth();
  return signedIn
    ? {
        secondary: { ...SIGNED_IN_ACTIONS.account, to: accountPath(activeRole) },
        // Each role's own home; with no workspace chosen yet, `/` asks for one.
        primary: { ...SIGNED_IN_ACTIONS.dashboard, to: activeRole ? roleHome(activeRole) : SIGNED_IN_ACTIONS.dashboard.to },
      }
    : { secondary: SIGNED_OUT_ACTIONS.login, primary: SIGNED_OUT_ACTIONS.signup };
}

/** docs/product/screens.md#public-navigation; under 768 px the links fold into a menu. */
export function SiteHeader() {
  const { pathname } = useLocation();
  const current = TWIN[pathname] ?? pathname;
  const { primary, secondary } = useActions();
  const [open, setOpen] = useState(false);
  const menuId = useId();

  // A tapped link changes the page; the menu should not stay open over it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a path change
  useEffect(() => setOpen(false), [pathname]);
  useEscape(open, () => setOpen(false));

  const linkClass = (to: string) =>
    `rounded-lg px-3 py-2 text-sm font-medium transition ${
      current === to ? 'text-brand-800 bg-brand-50' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
    }`;

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to="/public/home"
          aria-label="Counterprint home"
          className="rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Brand />
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {PUBLIC_NAV.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={linkClass(link.to)} aria-current={current === link.to ? 'page' : undefined}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <Link to={secondary.to} className="rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100">
            {secondary.label}
          </Link>
          <Link to={primary.to} className={buttonClass('primary', 'px-4 py-2', 'lg')}>
            {primary.label}
          </Link>
        </div>
        <button
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((o) => !o)}
        >
          <Icon name={open ? 'close' : 'menu'} className="h-6 w-6" />
        </button>
      </div>
      {open && (
        <nav id={menuId} aria-label="Mobile" className="border-t border-slate-200 bg-white px-4 pt-2 pb-5 shadow-lg md:hidden">
          <ul className="flex flex-col">
            {PUBLIC_NAV.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={`block ${linkClass(link.to)} py-3 text-base`}
                  aria-current={current === link.to ? 'page' : undefined}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-4 grid grid-cols-2 gap-3">
            <Link to={secondary.to} className={buttonClass('secondary', '', 'lg')}>
              {secondary.label}
            </Link>
            <Link to={primary.to} className={buttonClass('primary', '', 'lg')}>
              {primary.label}
            </Link>
          </div>
        </nav>
      )}
    </header>
  );
}
