import { RequireSignIn } from '../features/auth/RequireSignIn';
import { SignInRequired } from '../features/subscribe/SignInRequired';
import { SubscribePage } from '../features/subscribe/SubscribePage';

export default function Subscribe() {
  return <RequireSignIn whenSignedOut={<SignInRequired />}>{(user) => <SubscribePage user={user} />}</RequireSignIn>;
}
