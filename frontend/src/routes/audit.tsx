import { AuditPage } from '../features/audit/AuditPage';
import { useSignedInUser } from '../shared/signedInUser';

export default function Audit() {
  return <AuditPage user={useSignedInUser()} />;
}
