import { useSignedInUser } from '../shared/signedInUser';
import { AdminDistributions } from '../features/income/AdminDistributions';

/** /admin/distributions: approvals (four eyes) and payment runs. */
export default function AdminDistributionsRoute() {
  return <AdminDistributions user={useSignedInUser()} />;
}
