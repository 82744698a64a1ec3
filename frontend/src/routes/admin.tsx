import { AdminPage } from '../features/admin/AdminPage';
import { RequireSignIn } from '../features/auth/RequireSignIn';

export default function Admin() {
  return <RequireSignIn>{(user) => <AdminPage user={user} />}</RequireSignIn>;
}
