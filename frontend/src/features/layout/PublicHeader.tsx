import { LoginOutlined } from '@ant-design/icons';
import { Link } from '@tanstack/react-router';
import { Flex, Grid, theme } from 'antd';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { HeaderBar } from './HeaderBar';
import { appPath } from '../../shared/appPath';

/** Header of the signed-out pages (docs/specification.md §2 "Landing page"). */
export function PublicHeader() {
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  const navLinkStyle = { color: token.colorText, whiteSpace: 'nowrap' } as const;

  return (
    <HeaderBar>
      <Flex
        component="nav"
        aria-label="Main"
        align="center"
        justify="space-between"
        gap={12}
        style={{ height: '100%', maxWidth: 1200, margin: '0 auto' }}
      >
        {/* Plain text rather than antd Typography, which would add ~20 kB gzip to every first load. */}
        <Link
          to="/"
          aria-label="Kauri home"
          style={{ fontSize: token.fontSizeHeading3, fontWeight: token.fontWeightStrong, color: token.colorPrimary }}
        >
          Kauri
        </Link>
        <Flex align="center" gap={screens.sm ? 24 : 12}>
          <Link to={appPath('/user-guide')} style={navLinkStyle}>
            Guide
          </Link>
          <Link to={appPath('/partners')} style={navLinkStyle}>
            Partners
          </Link>
          {screens.md && (
            <Link to={appPath('/demo')} style={navLinkStyle}>
              Demo
            </Link>
          )}
          <ButtonLink to="/register-interest" color="primary" variant="solid" size={screens.sm ? 'middle' : 'small'}>
            Register Now
          </ButtonLink>
          {/* On a phone the Sign In button is its icon alone, so the header still fits 375 px. */}
          <ButtonLink
            to={appPath('/auth')}
            color="primary"
            variant="outlined"
            aria-label="Sign In"
            icon={<LoginOutlined />}
            size={screens.sm ? 'middle' : 'small'}
          >
            {screens.sm ? 'Sign In' : null}
          </ButtonLink>
        </Flex>
      </Flex>
    </HeaderBar>
  );
}
