import type { TRole } from '@counterprint/contract';

const ROLE_HOME: Record<TRole, string> = {
  OWNER: '/owner-dashboard',
  SHOP_OWNER: '/shop-dashboard',
  ROLE_USER: '/user-dashboard',
};

/** docs/product/routes.md#role-homes-and-unknown-paths: any role we do not know lands on the shop dashboard. */
export function roleHome(role: string | null | undefined): string {
  return (role && ROLE_HOME[role as TRole]) || '/shop-dashboard';
}

export const ROLE_LABEL: Record<TRole, string> = {
  OWNER: 'Owner',
  SHOP_OWNER: 'Shop Owner',
  ROLE_USER: 'User',
};

/** ROLE_USER has no /settings route; its account settings live on the profile page. */
export function accountPath(role: TRole | null): string {
  return role === 'ROLE_USER' ? '/profile' : '/settings';
}
