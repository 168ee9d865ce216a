import type { TRole } from '@counterprint/contract';
import { LOCAL, readLastWorkspace, rememberWorkspace, setActiveRole } from '../api/storage';
import { decodeToken } from '../api/token';

/** With nothing remembered, staff work comes first: most sign-ins are to run the counter. */
const FIRST_CHOICE: TRole[] = ['SHOP_OWNER', 'OWNER', 'ROLE_USER'];

const signedInUser = () => decodeToken(localStorage.getItem(LOCAL.token))?.sub ?? null;

/** The workspace a sign-in opens: the one this account last used here, else the first by FIRST_CHOICE. */
export function openingWorkspace(roles: TRole[]): TRole | null {
  const user = signedInUser();
  const last = user ? readLastWorkspace(user) : null;
  if (last && roles.includes(last as TRole)) return last as TRole;
  return FIRST_CHOICE.find((role) => roles.includes(role)) ?? null;
}

/** Makes `role` active and remembers it for this account's next sign-in (docs/decisions/023). */
export function enterWorkspace(role: TRole): void {
  setActiveRole(role);
  const user = signedInUser();
  if (user) rememberWorkspace(user, role);
}
