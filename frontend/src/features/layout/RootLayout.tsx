import { Outlet } from '@tanstack/react-router';
import { theme } from 'antd';
import { Suspense } from 'react';
import { lazyWithRetry } from '../../chunks';
import { headerHeight } from '../../theme';
import { useAuth } from '../../shared/useCurrentUser';
import { useDocumentTitle } from './documentTitle';
import { PublicHeader } from './PublicHeader';

// The signed-in header (menus, drawer, dropdown) and the floating menu stay out of a visitor's first load.
const AppHeader = lazyWithRetry(() => import('./AppHeader').then((m) => ({ default: m.AppHeader })));
const MobileFloatingMenu = lazyWithRetry(() =>
  import('./MobileFloatingMenu').then((m) => ({ default: m.MobileFloatingMenu })),
);

/** Frame of every page: the header for who is looking (signed in or not), the matched route below. */
export function RootLayout() {
  const auth = useAuth();
  useDocumentTitle();
  const { token } = theme.useToken();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: token.colorBgLayout }}>
      {auth.status === 'authenticated' ? (
        <Suspense fallback={<div style={{ height: headerHeight }} />}>
          <AppHeader user={auth.user} />
        </Suspense>
      ) : (
        <PublicHeader />
      )}
      <main style={{ flex: 'auto' }}>
        <Outlet />
      </main>
      {auth.status === 'authenticated' && (
        <Suspense fallback={null}>
          <MobileFloatingMenu user={auth.user} />
        </Suspense>
      )}
    </div>
  );
}
