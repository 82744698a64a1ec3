import { Flex } from 'antd';
import { ConfirmRegistration } from '../features/register-interest/ConfirmRegistration';

/** /register-interest/confirm?token=…: the link in the confirmation e-mail (public, no sign-in needed). */
export default function ConfirmRegistrationPage() {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  return (
    <Flex vertical gap={24} style={{ maxWidth: 760, margin: '0 auto', padding: '32px 16px 64px' }}>
      <ConfirmRegistration token={token} />
    </Flex>
  );
}
