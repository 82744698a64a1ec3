import { AdminPage } from '../features/admin/AdminPage';
import { useSignedInUser } from '../shared/signedInUser';

export default function Admin() {
  return <AdminPage user={useSignedInUser()} />;
}
