import { getRouteApi } from '@tanstack/react-router';
import { Flex } from 'antd';
import { ConfirmRegistration } from '../features/early-access/ConfirmRegistration';

/** /register-interest/confirm?token=…: the link in the confirmation e-mail (public, no sign-in needed). */
const route = getRouteApi('/register-interest/confirm');

export default function ConfirmRegistrationPage() {
  const { token = '' } = route.useSearch();
  return (
    <Flex vertical gap={24} style={{ maxWidth: 760, margin: '0 auto', padding: '32px 16px 64px' }}>
      <ConfirmRegistration token={token} />
    </Flex>
  );
}
