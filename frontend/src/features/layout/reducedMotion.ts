import { useSyncExternalStore } from 'react';
import type { ThemeConfig } from 'antd';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Whether the person has asked their system for less motion (WCAG 2.3.3); follows changes while the page is open. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches);
}

/** The theme with antd's animations (modals, drawers, toasts, dropdowns) turned off when less motion is asked for. */
export function withMotionPreference(theme: ThemeConfig, reduced: boolean): ThemeConfig {
  return reduced ? { ...theme, token: { ...theme.token, motion: false } } : theme;
}
