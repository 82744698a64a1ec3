import { RequireSignIn } from '../features/auth/RequireSignIn';
import { CompliancePage } from '../features/compliance/CompliancePage';

export default function Compliance() {
  return <RequireSignIn>{() => <CompliancePage />}</RequireSignIn>;
}
