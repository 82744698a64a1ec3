import { getRouteApi } from '@tanstack/react-router';
import { InvestmentPage } from '../features/wholesale/InvestmentPage';

const route = getRouteApi('/_signedIn/investments/$investmentId');

/** /investments/$investmentId: one investment's page. */
export default function InvestmentRoute() {
  return <InvestmentPage investmentId={route.useParams().investmentId} />;
}
