import type { LinkProps } from '@tanstack/react-router';
import { notYetRouted } from './notYetRouted';

export interface AppLink {
  to: LinkProps['to'];
  label: string;
  adminOnly?: boolean;
}

/** The signed-in header's links, in the spec's order (§2 "App header"). */
export const appLinks: readonly AppLink[] = [
  { to: '/', label: 'Dashboard' },
  { to: notYetRouted('/assets'), label: 'My Assets' },
  { to: notYetRouted('/tokenize'), label: 'Tokenize' },
  { to: notYetRouted('/wholesale-verification'), label: 'Wholesale' },
  { to: notYetRouted('/token-offerings'), label: 'Offerings' },
  { to: notYetRouted('/compliance'), label: 'Compliance' },
  { to: notYetRouted('/user-guide'), label: 'User Guide' },
  { to: notYetRouted('/billing'), label: 'Billing' },
  { to: notYetRouted('/admin'), label: 'Admin', adminOnly: true },
];
