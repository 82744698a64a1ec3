import { OWN_REQUEST_REASON } from '@kauri/messages';
import { Typography } from 'antd';
import { useAuth } from '../../shared/useCurrentUser';

/**
 * Four eyes: whether the signed-in admin is among the people a request is for (owner, investor, applicant).
 * Their own request is another admin's to decide, so a queue shows the reason instead of the decision's buttons
 * rather than letting them click into the server's 403 (which still stands).
 */
export function useOwnRequest(): (...requesters: (string | null | undefined)[]) => boolean {
  const { user } = useAuth();
  return (...requesters) => user !== null && requesters.some((id) => id === user.id);
}

/** What an admin sees in place of Approve / Reject on their own request. */
export function OwnRequestNote() {
  return <Typography.Text type="secondary">{OWN_REQUEST_REASON}</Typography.Text>;
}
