import { notification } from 'antd';
import { useEffect } from 'react';
import { headerHeight } from '../../theme';
import { connectToaster } from '../toast';

/** The notification host (its own chunk): one toast at a time, 5 seconds each, just below the header. */
export default function Toaster() {
  const [api, holder] = notification.useNotification({ maxCount: 1, duration: 5, top: headerHeight + 16 });
  useEffect(() => {
    connectToaster(({ kind, title, description }) => api[kind]({ title, description }));
    return () => connectToaster(null);
  }, [api]);
  return holder;
}
