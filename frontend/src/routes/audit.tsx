import { AuditPage } from '../features/audit/AuditPage';
import { useSignedInUser } from '../features/auth/signedInUser';

export default function Audit() {
  return <AuditPage user={useSignedInUser()} />;
}
