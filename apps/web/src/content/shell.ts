import type { TJobStatus, TRole } from '@counterprint/contract';
import type { IconName } from '../components/Icon';

export interface NavLinkItem {
  to: string;
  label: string;
  icon: IconName;
}

/** Sidebar links by active role (docs/product/screens.md#shell). */
export const NAV_BY_ROLE: Record<TRole, NavLinkItem[]> = {
  OWNER: [
    { to: '/owner-dashboard', label: 'Owner Dashboard', icon: 'dashboard' },
    { to: '/analytics', label: 'Global Analytics', icon: 'chart' },
    { to: '/settings', label: 'Settings', icon: 'settings' },
  ],
  ROLE_USER: [
    { to: '/user-dashboard', label: 'User Dashboard', icon: 'dashboard' },
    { to: '/user-dashboard/customers', label: 'My Orders', icon: 'orders' },
    { to: '/user-dashboard/recycle', label: 'My Files', icon: 'files' },
  ],
  SHOP_OWNER: [
    { to: '/shop-dashboard', label: 'Overview', icon: 'dashboard' },
    { to: '/printJob', label: 'Print', icon: 'print' },
    { to: '/analytics', label: 'Analytics', icon: 'chart' },
    { to: '/customers', label: 'Customers', icon: 'users' },
    { to: '/revenue', label: 'Earnings', icon: 'wallet' },
    { to: '/settings', label: 'Settings', icon: 'settings' },
    { to: '/recycle', label: 'Recycle bin', icon: 'recycle' },
  ],
};

export const GREETING_BY_ROLE: Record<TRole, { title: string; subtitle: string }> = {
  OWNER: { title: 'Hello Owner', subtitle: 'Global overview of all shops.' },
  SHOP_OWNER: { title: 'Hello Shop Owner', subtitle: 'Manage your shop effectively.' },
  ROLE_USER: { title: 'Hello User', subtitle: 'Track your activity and updates.' },
};

/** The bell lists the active shop's newest jobs (it used to show invented events). */
export const NOTIFICATION_COUNT = 5;
export const NO_NOTIFICATIONS = 'No jobs yet. New uploads appear here and in the print queue.';
export const JOB_STATE: Record<TJobStatus, string> = { queued: 'waiting to print', done: 'printed', cancelled: 'cancelled' };

export const SUPPORT_GREETING = 'Hi there! How can we help you today?';
/** Send posts to the contact inbox; the team answers by email, so the note says where. */
export const SUPPORT_SUBJECT = 'Support chat (dashboard)';
export const supportNote = (email: string) => `Messages go to our support team, who reply by email to ${email}.`;
export const SUPPORT_NOTE_SIGNED_OUT = 'Sign in to message support, or use the contact page.';
export const SUPPORT_FAILED = 'Your message was not sent. Please try again, or use the contact page.';
export const SENT_STATE = { sending: 'Sending…', sent: 'Sent', failed: 'Not sent' } as const;
