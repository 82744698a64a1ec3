import { useSignedInUser } from '../shared/signedInUser';
import { SubscribePage } from '../features/subscribe/SubscribePage';

export default function Subscribe() {
  return <SubscribePage user={useSignedInUser()} />;
}
