import { Icon } from '../../components/Icon';

/** After sign-up, login shows where the user is in the two-step flow (docs/product/screens.md#sign-in-and-sign-up). */
export function SignupSteps() {
  return (
    <ol aria-label="Getting started" className="mb-6 flex items-center gap-3 text-xs font-medium">
      <li className="flex items-center gap-2 text-emerald-700">
        <span className="flex h-6 w-6 items-center justify-center rounded-full bg-emerald-100">
          <Icon name="check" className="h-3.5 w-3.5" />
        </span>
        Account created
      </li>
      <li aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      <li aria-current="step" className="flex items-center gap-2 text-brand-700">
        <span className="flex h-6 w-6 items-center justify-center rounded-full bg-brand-500 text-white">2</span>
        Sign in
      </li>
    </ol>
  );
}
