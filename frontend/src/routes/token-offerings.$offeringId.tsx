import { getRouteApi } from '@tanstack/react-router';
import { OfferingPage } from '../features/wholesale/OfferingPage';

const route = getRouteApi('/_signedIn/token-offerings/$offeringId');

/** /token-offerings/$offeringId: one offering's page. */
export default function OfferingRoute() {
  return <OfferingPage offeringId={route.useParams().offeringId} />;
}
