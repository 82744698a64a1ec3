import { RequireSignIn } from '../features/auth/RequireSignIn';
import { TokenOfferingsPage } from '../features/wholesale/TokenOfferingsPage';

export default function TokenOfferings() {
  return <RequireSignIn>{() => <TokenOfferingsPage />}</RequireSignIn>;
}
