import { BillingPage } from '../features/billing/BillingPage';
export default BillingPage;
