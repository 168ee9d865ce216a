import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { requestUpgrade } from '../../api/public-site';
import { readStoredUser } from '../../api/storage';
import { buttonClass } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { CHECKOUT_PAGE } from '../../content/checkout';
import type { Billing } from '../../content/pricing';
import { type UpgradeValues, upgradeErrors } from './checkoutForm';

const INPUT =
  'block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-xs placeholder:text-slate-500 focus:outline-none focus:ring-2 sm:text-sm';

export function UpgradeForm({ billing }: { billing: Billing }) {
  const page = CHECKOUT_PAGE;
  const [values, setValues] = useState<UpgradeValues>(() => {
    const user = readStoredUser();
    return { name: user?.name ?? '', email: user?.email ?? '', phone: '', message: '' };
  });
  const [errors, setErrors] = useState<Partial<Record<keyof UpgradeValues, string>>>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const edit = (name: keyof UpgradeValues, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = upgradeErrors(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0 || sending) return;
    setSending(true);
    try {
      const answer = await requestUpgrade({
        plan: 'premium',
        billing,
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim() || undefined,
        message: values.message.trim() || undefined,
      });
      setSent(answer?.message || page.thanks);
    } catch (err) {
      setFailure(err instanceof ApiError && err.status === 400 && err.serverMessage ? err.serverMessage : page.failure);
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <div role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-900">
        <p className="flex items-center gap-2 text-lg font-semibold">
          <Icon name="check" className="h-5 w-5" /> {page.sentTitle}
        </p>
        <p className="mt-2">{sent}</p>
        <Link to={page.dashboard.to} className={buttonClass('primary', 'mt-6', 'lg')}>
          {page.dashboard.label}
        </Link>
      </div>
    );
  }

  const input = (name: keyof UpgradeValues, label: string, props: Record<string, string> = {}) => (
    <div>
      <label htmlFor={`upgrade-${name}`} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={`upgrade-${name}`}
        name={name}
        value={values[name]}
        onChange={(e) => edit(name, e.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `upgrade-${name}-error` : undefined}
        className={`${INPUT} ${errors[name] ? 'border-red-400 focus:ring-red-200' : 'border-slate-300 focus:border-brand-500 focus:ring-brand-200'}`}
        {...props}
      />
      {errors[name] && (
        <p id={`upgrade-${name}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {input('name', page.fields.name, { autoComplete: 'name' })}
      {input('email', page.fields.email, { type: 'email', autoComplete: 'email', inputMode: 'email' })}
      {input('phone', page.fields.phone, { type: 'tel', autoComplete: 'tel' })}
      <div>
        <label htmlFor="upgrade-message" className="mb-1.5 block text-sm font-medium text-slate-800">
          {page.fields.message}
        </label>
        <textarea
          id="upgrade-message"
          rows={4}
          value={values.message}
          onChange={(e) => edit('message', e.target.value)}
          placeholder={page.fields.messagePlaceholder}
          className={`${INPUT} border-slate-300 focus:border-brand-500 focus:ring-brand-200`}
        />
      </div>
      {failure && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {failure}
        </p>
      )}
      <button type="submit" disabled={sending} className={buttonClass('primary', 'w-full', 'lg')}>
        {sending ? page.sending : page.submit}
      </button>
    </form>
  );
}
