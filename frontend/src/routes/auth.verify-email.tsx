import { getRouteApi } from '@tanstack/react-router';
import { VerifyEmailPage } from '../features/auth/VerifyEmailPage';

/** /auth/verify-email?token=…: the link in the e-mail sent at registration (public: it works signed out too). */
const route = getRouteApi('/auth/verify-email');

export default function VerifyEmailRoute() {
  const { token = '' } = route.useSearch();
  return <VerifyEmailPage token={token} />;
}
