import { AdminPage } from '../features/admin/AdminPage';
import { useSignedInUser } from '../features/auth/signedInUser';

export default function Admin() {
  return <AdminPage user={useSignedInUser()} />;
}
