import { useSignedInUser } from '../shared/signedInUser';
import { ComplianceReviewsPage } from '../features/admin/ComplianceReviewsPage';

export default function ComplianceReviewsRoute() {
  return <ComplianceReviewsPage user={useSignedInUser()} />;
}
