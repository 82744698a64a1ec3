import type { LinkProps } from '@tanstack/react-router';
import type { Role, User } from '../../api/types';
import { appPath } from '../../shared/appPath';

export interface AppLink {
  to: LinkProps['to'];
  label: string;
  /** Shown only to users holding one of these roles (the server enforces them regardless). */
  roles?: readonly Role[];
}

/** The signed-in header's links, in the spec's order (docs/specification.md §2 "App header"). */
export const appLinks: readonly AppLink[] = [
  { to: '/', label: 'Dashboard' },
  { to: appPath('/assets'), label: 'My Assets' },
  { to: appPath('/tokenize'), label: 'Tokenize' },
  { to: appPath('/wholesale-verification'), label: 'Wholesale' },
  { to: appPath('/token-offerings'), label: 'Offerings' },
  { to: appPath('/compliance'), label: 'Compliance' },
  // Compliance staff's queue (admins find it under Admin).
  { to: appPath('/compliance-reviews'), label: 'Reviews', roles: ['compliance'] },
  { to: appPath('/user-guide'), label: 'User Guide' },
  { to: appPath('/billing'), label: 'Billing' },
  { to: appPath('/admin'), label: 'Admin', roles: ['admin'] },
  { to: appPath('/audit'), label: 'Audit', roles: ['admin', 'compliance'] },
  { to: appPath('/admin/operations'), label: 'Operations', roles: ['admin'] },
];

export function linksFor(user: User): AppLink[] {
  return appLinks.filter((link) => !link.roles || link.roles.some((role) => user.roles.includes(role)));
}
