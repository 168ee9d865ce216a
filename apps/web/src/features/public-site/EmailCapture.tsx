import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { buttonClass } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { HOME_HERO } from '../../content/home';

/** Where the hero form sends a visitor: sign-up, with the address prefilled when one was typed. */
export function signupUrlFor(email: string): string {
  const trimmed = email.trim();
  return trimmed ? `/signup?email=${encodeURIComponent(trimmed)}` : '/signup';
}

/** The hero's email capture (docs/product/screens.md#home-page): it hands the address to the real sign-up page. */
export function EmailCapture() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(signupUrlFor(email));
  };
  return (
    <form onSubmit={submit} className="flex w-full max-w-lg flex-col gap-3 sm:flex-row">
      <label htmlFor={id} className="sr-only">
        {HOME_HERO.emailLabel}
      </label>
      <div className="relative flex-1">
        <Icon name="mail" className="pointer-events-none absolute top-1/2 left-3.5 h-5 w-5 -translate-y-1/2 text-slate-400" />
        <input
          id={id}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={HOME_HERO.emailPlaceholder}
          className="block h-12 w-full rounded-xl border border-slate-300 bg-white pr-3 pl-11 text-base text-slate-900 shadow-xs placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
      </div>
      <button type="submit" className={buttonClass('primary', 'h-12 whitespace-nowrap', 'lg')}>
        {HOME_HERO.submit}
        <Icon name="arrowRight" className="h-4 w-4" />
      </button>
    </form>
  );
}
