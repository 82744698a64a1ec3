import { DollarOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from '@tanstack/react-router';
import { Avatar, Button, Drawer, Dropdown, Flex, Grid, Menu, theme } from 'antd';
import { useState } from 'react';
import { displayName, shortName } from '../../api/auth';
import type { User } from '../../api/types';
import { useSignOut } from '../../shared/useCurrentUser';
import { linksFor } from './appLinks';
import { appPath } from '../../shared/appPath';
import { HeaderBar } from './HeaderBar';

/** Header of the signed-in app (docs/specification.md §2 "App header"): links, Admin for admins only, user menu, mobile drawer. */
export function AppHeader({ user }: { user: User }) {
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  const signOut = useSignOut();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const links = linksFor(user);
  const wide = screens.xl;

  return (
    <HeaderBar>
      <Flex
        component="nav"
        aria-label="Main"
        align="center"
        justify="space-between"
        gap={12}
        style={{ height: '100%', maxWidth: 1400, margin: '0 auto' }}
      >
        <Link
          to="/"
          aria-label="Kauri home"
          style={{ fontSize: token.fontSizeHeading3, fontWeight: token.fontWeightStrong, color: token.colorPrimary }}
        >
          Kauri
        </Link>
        {wide ? (
          <>
            <Flex align="center" gap={18} style={{ flex: 1, justifyContent: 'center' }}>
              {links.map((link) => (
                <Link
                  key={link.label}
                  to={link.to}
                  activeOptions={{ exact: link.to === '/' }}
                  style={{ color: token.colorText, whiteSpace: 'nowrap' }}
                  activeProps={{
                    style: { color: token.colorPrimary, fontWeight: token.fontWeightStrong, whiteSpace: 'nowrap' },
                  }}
                >
                  {link.label}
                </Link>
              ))}
            </Flex>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'who', label: <span>{user.email}</span>, disabled: true },
                  { key: 'profile', icon: <UserOutlined />, label: <Link to={appPath('/profile')}>Profile</Link> },
                  { key: 'income', icon: <DollarOutlined />, label: <Link to={appPath('/income')}>Income</Link> },
                  { type: 'divider' },
                  { key: 'signout', icon: <LogoutOutlined />, label: 'Sign Out', onClick: () => void signOut() },
                ],
              }}
            >
              <Button
                // The name starts with the words it shows (WCAG 2.5.3 label in name): speech users say what they see.
                aria-label={`${displayName(user)}, user menu`}
                type="text"
                icon={<Avatar size="small">{shortName(user).charAt(0).toUpperCase()}</Avatar>}
              >
                {displayName(user)}
              </Button>
            </Dropdown>
          </>
        ) : (
          <Button aria-label="Open menu" icon={<MenuOutlined />} onClick={() => setDrawerOpen(true)} />
        )}
      </Flex>
      <Drawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        placement="left"
        size={300}
        title={
          <Flex vertical>
            <span>{displayName(user)}</span>
            <span style={{ fontWeight: 'normal', color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
              {user.email}
            </span>
          </Flex>
        }
      >
        <Menu
          mode="inline"
          selectable={false}
          style={{ borderInlineEnd: 'none' }}
          onClick={() => setDrawerOpen(false)}
          items={[
            ...links.map((link) => ({ key: link.label, label: <Link to={link.to}>{link.label}</Link> })),
            { key: 'income', label: <Link to={appPath('/income')}>Income</Link> },
            { type: 'divider' as const },
            { key: 'signout', icon: <LogoutOutlined />, label: 'Sign Out', onClick: () => void signOut() },
          ]}
        />
      </Drawer>
    </HeaderBar>
  );
}
