import { RequireSignIn } from '../features/auth/RequireSignIn';
import { AnalyticsPage } from '../features/dashboard/AnalyticsPage';

export default function Analytics() {
  return <RequireSignIn>{() => <AnalyticsPage />}</RequireSignIn>;
}
