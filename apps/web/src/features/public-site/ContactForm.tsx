import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { sendContactMessage } from '../../api/public-site';
import { buttonClass } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { CONTACT_FIELDS, CONTACT_TEXT } from '../../content/contact';
import { type ContactErrors, type ContactValues, contactBody, contactErrors, EMPTY_CONTACT } from './contactForm';

type Name = keyof ContactValues;
type Outcome = { kind: 'sent' } | { kind: 'failed'; detail?: string } | null;

const INPUT =
  'block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-xs placeholder:text-slate-500 focus:outline-none focus:ring-2 sm:text-sm';

export function ContactForm() {
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useRef<HTMLFormElement>(null);

  // docs/product/screens.md#contact-page: editing a field clears its error (and only its error).
  const edit = (name: Name, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const found = contactErrors(values);
    setErrors(found);
    setOutcome(null);
    const first = Object.keys(found)[0];
    if (first) {
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSending(true);
    try {
      await sendContactMessage(contactBody(values));
      setValues(EMPTY_CONTACT);
      setOutcome({ kind: 'sent' });
    } catch (err) {
      // A rate-limit answer says when to retry; other failures only get the spec's message.
      const detail = err instanceof ApiError && err.status === 429 ? err.serverMessage : undefined;
      setOutcome({ kind: 'failed', detail });
    } finally {
      setSending(false);
    }
  };

  const field = (name: Name, multiline = false) => {
    const spec = CONTACT_FIELDS[name];
    const error = errors[name];
    const id = `contact-${name}`;
    const props = {
      id,
      name,
      value: values[name],
      autoComplete: spec.autoComplete,
      placeholder: spec.placeholder,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      className: `${INPUT} ${error ? 'border-red-400 focus:ring-red-200' : 'border-slate-300 focus:border-brand-500 focus:ring-brand-200'}`,
    };
    return (
      <div className={multiline ? 'sm:col-span-2' : ''}>
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
          {spec.label}
          {spec.required && <span className="text-red-700"> *</span>}
        </label>
        {multiline ? (
          <textarea rows={5} {...props} onChange={(e) => edit(name, e.target.value)} />
        ) : (
          <input
            type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
            {...props}
            onChange={(e) => edit(name, e.target.value)}
          />
        )}
        {error && (
          <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form ref={form} onSubmit={submit} noValidate className="grid gap-5 sm:grid-cols-2">
      {field('name')}
      {field('email')}
      {field('company')}
      {field('phone')}
      <div className="sm:col-span-2">{field('subject')}</div>
      {field('message', true)}
      <div className="sm:col-span-2" aria-live="polite">
        {outcome?.kind === 'sent' && (
          <p role="status" className="flex gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
            <Icon name="check" className="h-5 w-5 shrink-0 text-emerald-700" />
            {CONTACT_TEXT.success}
          </p>
        )}
        {outcome?.kind === 'failed' && (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            <p>{CONTACT_TEXT.failureMessage}</p>
            {outcome.detail && <p className="mt-1 font-medium">{outcome.detail}</p>}
          </div>
        )}
      </div>
      <div className="sm:col-span-2">
        <button type="submit" disabled={sending} className={buttonClass('primary', 'w-full sm:w-auto', 'lg')}>
          {sending ? CONTACT_TEXT.sending : CONTACT_TEXT.submit}
          <Icon name="arrowRight" className="h-4 w-4" />
        </button>
      </div>
    </form>
  );
}
