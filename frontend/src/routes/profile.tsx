import { RequireSignIn } from '../features/auth/RequireSignIn';
import { ProfilePage } from '../features/profile/ProfilePage';

export default function Profile() {
  return <RequireSignIn>{(user) => <ProfilePage user={user} />}</RequireSignIn>;
}
