import { Link } from '@tanstack/react-router';
import { Flex, Grid, Layout, Typography, theme } from 'antd';
import { ButtonLink } from './ButtonLink';
import { notYetRouted } from './notYetRouted';

/** Header of the signed-out pages (spec §2 "Landing page"). */
export function PublicHeader() {
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  const navLinkStyle = { color: token.colorText, whiteSpace: 'nowrap' } as const;

  return (
    <Layout.Header style={{ borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      <Flex component="nav" aria-label="Main" align="center" justify="space-between" gap={12} style={{ height: '100%', maxWidth: 1200, margin: '0 auto' }}>
        <Link to="/" aria-label="Kauri home">
          <Typography.Text strong style={{ fontSize: 22, color: token.colorPrimary, letterSpacing: 0.5 }}>
            Kauri
          </Typography.Text>
        </Link>
        <Flex align="center" gap={screens.sm ? 24 : 12}>
          <Link to={notYetRouted('/user-guide')} style={navLinkStyle}>
            Guide
          </Link>
          <Link to={notYetRouted('/partners')} style={navLinkStyle}>
            Partners
          </Link>
          {screens.md && (
            <Link to={notYetRouted('/demo')} style={navLinkStyle}>
              Demo
            </Link>
          )}
          <ButtonLink to="/register-interest" color="primary" variant="solid">
            Register Now
          </ButtonLink>
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
