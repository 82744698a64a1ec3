import { getRouteApi } from '@tanstack/react-router';
import { AssetDetailPage } from '../features/assets/AssetDetailPage';

const route = getRouteApi('/_signedIn/assets/$assetId');

/** /assets/$assetId: one asset's page. */
export default function AssetRoute() {
  return <AssetDetailPage assetId={route.useParams().assetId} />;
}
