import { AuthCallbackPage } from '../features/auth/AuthCallbackPage';
export default AuthCallbackPage;
