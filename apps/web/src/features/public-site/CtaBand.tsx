import { Link } from 'react-router';
import { buttonClass } from '../../components/Button';
import type { SiteLink } from '../../content/site';
import { useAuth } from '../../session/auth';
import { useVisitorLink } from '../../session/createShop';

/** The dark closing band most marketing pages end with. */
export function CtaBand({
  title,
  text,
  primary,
  secondary,
  tone = 'white',
}: {
  title: string;
  text: string;
  primary: SiteLink;
  secondary?: SiteLink;
  /** The background of the section above, which the band sits at the foot of. */
  tone?: 'white' | 'muted';
}) {
  const { signedIn } = useAuth();
  const action = useVisitorLink(primary);
  const second = useVisitorLink(secondary ?? primary);
  // "I already have an account" is for visitors only, and one destination needs one button.
  const other = !secondary || (signedIn && secondary.to.startsWith('/login')) || second.to === action.to ? undefined : second;
  return (
    <section className={`px-4 pb-16 sm:px-6 sm:pb-20 ${tone === 'muted' ? 'bg-slate-50' : 'bg-white'}`}>
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-3xl bg-slate-950 px-6 py-12 text-center shadow-xl sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 left-1/2 h-64 w-[36rem] -translate-x-1/2 rounded-full bg-brand-500/25 blur-3xl"
        />
        <h2 className="relative text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">{title}</h2>
        <p className="relative mx-auto mt-4 max-w-xl text-slate-300">{text}</p>
        <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={action.to} className={buttonClass('onDark', '', 'lg')}>
            {action.label}
          </Link>
          {other && (
            <Link to={other.to} className={buttonClass('ghostOnDark', '', 'lg')}>
              {other.label}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
