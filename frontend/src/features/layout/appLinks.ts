import type { LinkProps } from '@tanstack/react-router';
import { appPath } from './appPath';

export interface AppLink {
  to: LinkProps['to'];
  label: string;
  adminOnly?: boolean;
}

/** The signed-in header's links, in the spec's order (§2 "App header"). */
export const appLinks: readonly AppLink[] = [
  { to: '/', label: 'Dashboard' },
  { to: appPath('/assets'), label: 'My Assets' },
  { to: appPath('/tokenize'), label: 'Tokenize' },
  { to: appPath('/wholesale-verification'), label: 'Wholesale' },
  { to: appPath('/token-offerings'), label: 'Offerings' },
  { to: appPath('/compliance'), label: 'Compliance' },
  { to: appPath('/user-guide'), label: 'User Guide' },
  { to: appPath('/billing'), label: 'Billing' },
  { to: appPath('/admin'), label: 'Admin', adminOnly: true },
];
