import { RequireSignIn } from '../features/auth/RequireSignIn';
import { WholesaleVerificationPage } from '../features/wholesale/WholesaleVerificationPage';

export default function WholesaleVerification() {
  return <RequireSignIn>{() => <WholesaleVerificationPage />}</RequireSignIn>;
}
