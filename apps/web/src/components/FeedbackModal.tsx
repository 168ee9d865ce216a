import { FEEDBACK_MESSAGES } from '@counterprint/contract';
import { type FormEvent, useCallback, useId, useRef, useState } from 'react';
import { submitFeedback } from '../api/feedback';
import { LOCAL } from '../api/storage';
import { Button } from './Button';
import { Modal } from './Modal';
import { useToast } from './Toast';

interface FeedbackModalProps {
  open: boolean;
  feature: string;
  onClose: () => void;
}

/** docs/product/screens.md#feature-feedback: 'Request this feature'; defaults to wanting it, resets after a successful submit. */
export function FeedbackModal({ open, feature, onClose }: FeedbackModalProps) {
  const [want, setWant] = useState(true);
  const [message, setMessage] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // State updates land a render late; the ref blocks a double click that arrives before that.
  const inFlight = useRef(false);
  const toast = useToast();
  const messageId = useId();

  // Modal refocuses itself whenever onClose changes identity, so it must stay stable while typing.
  const close = useCallback(() => {
    if (inFlight.current) return;
    setError(null);
    onClose();
  }, [onClose]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    setError(null);
    try {
      await submitFeedback({
        feature,
        wantFeature: want,
        message: message.trim() || null,
        shopSlug: localStorage.getItem(LOCAL.activeShopSlug) || null,
        timestamp: new Date().toISOString(),
      });
      setWant(true);
      setMessage('');
      toast(FEEDBACK_MESSAGES.success, 'success');
      inFlight.current = false;
      onClose();
    } catch {
      setError(FEEDBACK_MESSAGES.failure);
      inFlight.current = false;
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal open={open} title="Request this feature" onClose={close}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <p>
          Tell us how much you need <strong className="text-slate-900">{feature}</strong>.
        </p>
        <label className="flex items-center gap-2.5 font-medium text-slate-800">
          <input
            type="checkbox"
            checked={want}
            onChange={(e) => setWant(e.target.checked)}
            className="h-4 w-4 rounded border-slate-300 accent-brand-600"
          />
          I want this feature
        </label>
        <div>
          <label htmlFor={messageId} className="mb-1.5 block font-medium text-slate-700">
            Message <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea
            id={messageId}
            value={message}
            maxLength={2000}
            rows={4}
            onChange={(e) => setMessage(e.target.value)}
            placeholder="What would you use it for?"
            className="block w-full rounded-lg border border-slate-300 px-3.5 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:text-sm"
          />
        </div>
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-700">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            {submitting ? 'Submitting...' : 'Submit feedback'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
