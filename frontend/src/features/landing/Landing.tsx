import { Flex } from 'antd';
import { ButtonLink } from '../layout/ButtonLink';

/**
 * Placeholder for the signed-out landing page (spec §2 "Landing page"), which is built on another
 * branch: only the call to action that leads to registration.
 */
export default function Landing() {
  return (
    <Flex justify="center" style={{ padding: '96px 16px' }}>
      <ButtonLink to="/register-interest" color="primary" variant="solid" size="large">
        Register Interest - FREE
      </ButtonLink>
    </Flex>
  );
}
