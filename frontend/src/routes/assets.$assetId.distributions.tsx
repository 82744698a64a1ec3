import { getRouteApi } from '@tanstack/react-router';
import { DistributionsPage } from '../features/income/DistributionsPage';

const route = getRouteApi('/_signedIn/assets/$assetId/distributions');

/** /assets/$assetId/distributions: the owner's distributions of the asset's income. */
export default function AssetDistributionsRoute() {
  return <DistributionsPage assetId={route.useParams().assetId} />;
}
