import { useSignedInUser } from '../shared/signedInUser';
import { ProfilePage } from '../features/profile/ProfilePage';

export default function Profile() {
  return <ProfilePage user={useSignedInUser()} />;
}
