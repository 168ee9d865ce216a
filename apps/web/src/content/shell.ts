import type { TRole } from '@counterprint/contract';
import type { IconName } from '../components/Icon';

export interface NavLinkItem {
  to: string;
  label: string;
  icon: IconName;
}

/** Sidebar links by active role (spec 01 §2 Shell). */
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

/** The spec's notification list is static until a notifications feature exists. */
export const NOTIFICATIONS = [
  { title: 'New order received', when: 'Just now' },
  { title: 'System update available', when: '1 hour ago' },
  { title: 'Customer message', when: 'Yesterday' },
];

export const SUPPORT_GREETING = 'Hi there! How can we help you today?';
/** Said plainly because Send only keeps the message on this screen until live support exists. */
export const SUPPORT_NOTE = 'Live chat is not connected yet. For urgent help, use the contact page.';
