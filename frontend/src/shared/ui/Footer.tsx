import { Link } from '@tanstack/react-router';
import { Col, Flex, Row, theme } from 'antd';
import { appPath } from '../appPath';
import { contact } from '../contact';

/** Footer of the public pages (docs/specification.md §2): legal links, contact details, registered office. */
export function Footer() {
  const { token } = theme.useToken();
  const linkStyle = { color: token.colorTextLightSolid };
  return (
    <footer style={{ background: token.colorPrimary, color: token.colorTextLightSolid, padding: '40px 16px' }}>
      <Row gutter={[24, 24]} style={{ maxWidth: 1100, margin: '0 auto' }}>
        <Col xs={24} md={8}>
          <strong style={{ fontSize: token.fontSizeLG }}>Kauri</strong>
          <p style={{ margin: '8px 0 0' }}>Tokenization of New Zealand real-world assets for wholesale investors.</p>
        </Col>
        <Col xs={24} md={8}>
          <Flex vertical gap={6}>
            <strong>Legal</strong>
            <Link to={appPath('/privacy')} style={linkStyle}>
              Privacy Policy
            </Link>
            <Link to={appPath('/terms')} style={linkStyle}>
              Terms of Service
            </Link>
            <Link to={appPath('/security')} style={linkStyle}>
              Security
            </Link>
          </Flex>
        </Col>
        <Col xs={24} md={8}>
          <Flex vertical gap={6}>
            <strong>Contact</strong>
            <a href={`mailto:${contact.email}`} style={linkStyle}>
              {contact.email}
            </a>
            <span>{contact.phone}</span>
            <span>Registered office: {contact.registeredOffice}</span>
          </Flex>
        </Col>
      </Row>
    </footer>
  );
}
