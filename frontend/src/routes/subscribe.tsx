import { RequireSignIn } from '../features/auth/RequireSignIn';
import { ComingInThisRelease } from '../features/layout/ComingInThisRelease';
import { SignInRequired } from '../features/subscribe/SignInRequired';

export default function Subscribe() {
  return <RequireSignIn whenSignedOut={<SignInRequired />}>{() => <ComingInThisRelease title="Subscribe" />}</RequireSignIn>;
}
