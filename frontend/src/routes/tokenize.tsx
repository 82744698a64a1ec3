import { AuthenticationRequired } from '../features/auth/AuthenticationRequired';
import { RequireSignIn } from '../features/auth/RequireSignIn';
import { ComingInThisRelease } from '../features/layout/ComingInThisRelease';

export default function Tokenize() {
  return <RequireSignIn whenSignedOut={<AuthenticationRequired />}>{() => <ComingInThisRelease title="Tokenize" />}</RequireSignIn>;
}
