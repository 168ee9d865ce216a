import { CHECKOUT_THANKS } from '@counterprint/contract';
import { SUPPORT_EMAIL } from './facts';

export const CHECKOUT_PAGE = {
  title: 'Upgrade to Premium',
  lead: 'Tell us how to reach you and our team will set up your Premium plan.',
  summaryTitle: 'Your plan',
  billingLabel: 'Billing period',
  totalLabel: 'Total',
  paymentTitle: 'No card needed here',
  paymentNote:
    'Payment is arranged by our team. After you send this request we contact you, usually within one working day, to take payment by card, UPI, net banking or wallet. Your plan is upgraded as soon as payment is confirmed.',
  formTitle: 'Request upgrade',
  submit: 'Request upgrade',
  sending: 'Sending…',
  thanks: CHECKOUT_THANKS,
  sentTitle: 'Request received',
  failure: `We could not send your request. Please try again, or write to us at ${SUPPORT_EMAIL}.`,
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  back: { to: '/public/price', label: '← Back to pricing' },
  dashboard: { to: '/shop-dashboard', label: 'Go to dashboard' },
  fields: {
    name: 'Name',
    email: 'Email',
    phone: 'Phone (optional)',
    message: 'Anything we should know? (optional)',
    messagePlaceholder: 'Number of shops, preferred payment method, GST details for the invoice…',
  },
};
