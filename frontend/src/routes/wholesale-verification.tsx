import { WholesaleVerificationPage } from '../features/wholesale/WholesaleVerificationPage';
export default WholesaleVerificationPage;
