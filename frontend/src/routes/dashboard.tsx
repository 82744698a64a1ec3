import { useSignedInUser } from '../shared/signedInUser';
import { Dashboard } from '../features/dashboard/Dashboard';

/** /dashboard: the signed-in home (a signed-out visitor is told and sent to sign in, see LoggedOut). */
export default function DashboardRoute() {
  return <Dashboard user={useSignedInUser()} />;
}
