import { AuthPage } from '../features/auth/AuthPage';
export default AuthPage;
