import { useSignedInUser } from '../features/auth/signedInUser';
import { canCreateTokens } from '../features/billing/subscriptionRule';
import { SubscriptionRequired } from '../features/tokenize/SubscriptionRequired';
import { TokenizeWizard } from '../features/tokenize/TokenizeWizard';

export default function Tokenize() {
  return canCreateTokens(useSignedInUser()) ? <TokenizeWizard /> : <SubscriptionRequired />;
}
