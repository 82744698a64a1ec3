import { AuthenticationRequired } from '../features/auth/AuthenticationRequired';
import { RequireSignIn } from '../features/auth/RequireSignIn';
import { canCreateTokens } from '../features/billing/subscriptionRule';
import { SubscriptionRequired } from '../features/tokenize/SubscriptionRequired';
import { TokenizeWizard } from '../features/tokenize/TokenizeWizard';

export default function Tokenize() {
  return <RequireSignIn whenSignedOut={<AuthenticationRequired />}>{(user) => (canCreateTokens(user) ? <TokenizeWizard /> : <SubscriptionRequired />)}</RequireSignIn>;
}
