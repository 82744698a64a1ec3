import { RequireSignIn } from '../features/auth/RequireSignIn';
import { OperationsPage } from '../features/operations/OperationsPage';

export default function AdminOperations() {
  return <RequireSignIn>{(user) => <OperationsPage user={user} />}</RequireSignIn>;
}
