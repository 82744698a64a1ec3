import { useSignedInUser } from '../features/auth/signedInUser';
import { ComplianceReviewsPage } from '../features/compliance/ComplianceReviewsPage';

export default function ComplianceReviewsRoute() {
  return <ComplianceReviewsPage user={useSignedInUser()} />;
}
