import { Outlet } from '@tanstack/react-router';
import { Layout } from 'antd';
import { useAuth } from '../auth/useCurrentUser';
import { AppHeader } from './AppHeader';
import { MobileFloatingMenu } from './MobileFloatingMenu';
import { PublicHeader } from './PublicHeader';

/** Frame of every page: the header for who is looking (signed in or not), the matched route below. */
export function RootLayout() {
  const auth = useAuth();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {auth.status === 'authenticated' ? <AppHeader user={auth.user} /> : <PublicHeader />}
      <Layout.Content>
        <Outlet />
      </Layout.Content>
      {auth.status === 'authenticated' && <MobileFloatingMenu user={auth.user} />}
    </Layout>
  );
}
