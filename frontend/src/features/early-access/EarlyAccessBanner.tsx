import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { earlyAccessQuery } from '../../api/queries';

/** How many fee-free early-access places remain. Informational only, so nothing shows if it cannot load. */
export function EarlyAccessBanner() {
  const { data } = useQuery(earlyAccessQuery);
  if (!data) return null;
  return (
    <Alert
      type={data.placesLeft > 0 ? 'success' : 'info'}
      showIcon
      title={`${data.placesLeft} of ${data.waivedPlaces} fee-free places left`}
      description={`The first ${data.waivedPlaces} registrations have their sign-on fees waived.`}
    />
  );
}
