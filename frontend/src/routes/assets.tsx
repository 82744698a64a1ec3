import { AssetsPage } from '../features/assets/AssetsPage';
import { RequireSignIn } from '../features/auth/RequireSignIn';

export default function Assets() {
  return <RequireSignIn>{() => <AssetsPage />}</RequireSignIn>;
}
