import { TokenOfferingsPage } from '../features/wholesale/TokenOfferingsPage';
export default TokenOfferingsPage;
