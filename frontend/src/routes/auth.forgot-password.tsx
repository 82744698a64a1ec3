import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
export default ForgotPasswordPage;
