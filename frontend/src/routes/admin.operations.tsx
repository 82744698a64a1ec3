import { useSignedInUser } from '../shared/signedInUser';
import { OperationsPage } from '../features/operations/OperationsPage';

export default function AdminOperations() {
  return <OperationsPage user={useSignedInUser()} />;
}
