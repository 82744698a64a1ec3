import { AuthenticationRequired } from '../features/auth/AuthenticationRequired';
import { RequireSignIn } from '../features/auth/RequireSignIn';
import { canCreateTokens } from '../features/billing/subscriptionRule';
import { ComingInThisRelease } from '../features/layout/ComingInThisRelease';
import { SubscriptionRequired } from '../features/tokenize/SubscriptionRequired';

export default function Tokenize() {
  return (
    <RequireSignIn whenSignedOut={<AuthenticationRequired />}>
      {(user) => (canCreateTokens(user) ? <ComingInThisRelease title="Tokenize Your Asset" /> : <SubscriptionRequired />)}
    </RequireSignIn>
  );
}
