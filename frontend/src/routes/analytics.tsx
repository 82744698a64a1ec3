import { AnalyticsPage } from '../features/dashboard/AnalyticsPage';
export default AnalyticsPage;
