import { RequireSignIn } from '../features/auth/RequireSignIn';
import { BillingPage } from '../features/billing/BillingPage';

export default function Billing() {
  return <RequireSignIn>{() => <BillingPage />}</RequireSignIn>;
}
