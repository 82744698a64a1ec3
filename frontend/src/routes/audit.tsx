import { AuditPage } from '../features/audit/AuditPage';
import { RequireSignIn } from '../features/auth/RequireSignIn';

export default function Audit() {
  return <RequireSignIn>{(user) => <AuditPage user={user} />}</RequireSignIn>;
}
