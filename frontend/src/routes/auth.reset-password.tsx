import { getRouteApi } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';

/** /auth/reset-password?token=…: the link in the password reset e-mail (public). */
const route = getRouteApi('/auth/reset-password');

export default function ResetPasswordRoute() {
  const { token = '' } = route.useSearch();
  return <ResetPasswordPage token={token} />;
}
