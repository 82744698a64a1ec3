import { useNavigate } from '@tanstack/react-router';
import { Result } from 'antd';
import { useEffect } from 'react';
import { ERROR_TITLES, SUBSCRIPTION_REQUIRED } from '@kauri/messages';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { appPath } from '../../shared/appPath';
import { ResultHeading } from '../../shared/ui/ResultHeading';
import { useToast } from '../../shared/toast';

/** Delay before a user without a plan is taken from /tokenize to the plans (docs/specification.md §6, §9). */
export const SUBSCRIBE_REDIRECT_MS = 2000;

/**
 * /tokenize without a plan that allows token creation (docs/specification.md §2, §6): the 'Subscription Required' card,
 * the toast, and the plans page after two seconds.
 */
export function SubscriptionRequired() {
  const navigate = useNavigate();
  const toast = useToast();
  useEffect(() => {
    toast.error(ERROR_TITLES.subscriptionRequired, SUBSCRIPTION_REQUIRED);
    const timer = window.setTimeout(() => void navigate({ to: appPath('/subscribe') }), SUBSCRIBE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, toast]);
  return (
    <Result
      status="warning"
      title={<ResultHeading>{ERROR_TITLES.subscriptionRequired}</ResultHeading>}
      subTitle="Creating tokens needs an active plan. Choose a plan to tokenize your asset."
      extra={[
        <ButtonLink key="upgrade" to={appPath('/subscribe')} color="primary" variant="solid">
          Upgrade Account
        </ButtonLink>,
        <ButtonLink key="dashboard" to={appPath('/dashboard')}>
          Back to Dashboard
        </ButtonLink>,
      ]}
    />
  );
}
