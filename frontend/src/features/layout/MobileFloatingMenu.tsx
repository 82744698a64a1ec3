import { AppstoreOutlined } from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { Avatar, Drawer, Flex, FloatButton, Grid, Menu, theme } from 'antd';
import { useRef, useState } from 'react';
import { shortName } from '../../api/auth';
import type { User } from '../../api/types';
import { useSignOut } from '../../shared/useCurrentUser';
import { appPath } from '../../shared/appPath';
import { useCoversField } from './clearOfFields';

/** The signed-in phone menu (docs/specification.md §2 "Mobile floating menu"): small screens only, a right-side sheet. */
export function MobileFloatingMenu({ user }: { user: User }) {
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const small = screens.md === false;
  // Never over a field: it steps aside while it would cover one (the header's menu offers the same pages).
  const coversField = useCoversField(button, small && !open);
  if (!small) return null;

  const go = (to: string) => {
    setOpen(false);
    void navigate({ to: appPath(to as `/${string}`) });
  };
  const name = shortName(user);

  return (
    <>
      <FloatButton
        ref={button}
        aria-label="Open quick menu"
        type="primary"
        icon={<AppstoreOutlined />}
        onClick={() => setOpen(true)}
        style={coversField ? { visibility: 'hidden' } : undefined}
      />
      <Drawer open={open} onClose={() => setOpen(false)} placement="right" size={280} title="Menu">
        <Flex vertical align="center" gap={4} style={{ marginBottom: token.marginLG }}>
          <Avatar size={56} style={{ background: token.colorPrimary }}>
            {name.charAt(0).toUpperCase()}
          </Avatar>
          <strong>{name}</strong>
          <span style={{ color: token.colorTextSecondary }}>{user.email}</span>
        </Flex>
        <Menu
          mode="inline"
          selectable={false}
          style={{ borderInlineEnd: 'none' }}
          items={[
            { key: 'dashboard', label: 'Dashboard', onClick: () => go('/') },
            {
              key: 'calculator',
              label: 'Calculator',
              onClick: () => {
                setOpen(false);
                document.getElementById('calculator')?.scrollIntoView({ behavior: 'smooth' });
              },
            },
            { key: 'billing', label: 'Billing', onClick: () => go('/billing') },
            { key: 'analytics', label: 'Analytics', onClick: () => go('/analytics') },
            { key: 'profile', label: 'Profile', onClick: () => go('/profile') },
            {
              key: 'signout',
              label: 'Sign Out',
              onClick: () => {
                setOpen(false);
                void signOut();
              },
            },
          ]}
        />
      </Drawer>
    </>
  );
}
