import { RequireSignIn } from '../features/auth/RequireSignIn';
import { SandboxPortalPage } from '../features/billing/SandboxPortalPage';

export default function BillingPortal() {
  return <RequireSignIn>{() => <SandboxPortalPage />}</RequireSignIn>;
}
