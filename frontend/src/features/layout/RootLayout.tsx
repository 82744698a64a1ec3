import { Outlet } from '@tanstack/react-router';
import { Layout } from 'antd';
import { PublicHeader } from './PublicHeader';

/** Frame of every page: header on top, the matched route below. */
export function RootLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <PublicHeader />
      <Layout.Content>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
