import { useSignedInUser } from '../shared/signedInUser';
import { canCreateTokens } from '../shared/subscriptionRule';
import { SubscriptionRequired } from '../features/tokenize/SubscriptionRequired';
import { TokenizeWizard } from '../features/tokenize/TokenizeWizard';

export default function Tokenize() {
  return canCreateTokens(useSignedInUser()) ? <TokenizeWizard /> : <SubscriptionRequired />;
}
