import { useMutation } from '@tanstack/react-query';
import { Alert, Card, Flex, Result, Spin, Statistic } from 'antd';
import { useEffect, useRef } from 'react';
import { CONFIRMATION_LINK_INVALID } from '@kauri/messages';
import { ApiError, describeError } from '../../api/client';
import { confirmInterest } from '../../api/mutations';
import type { ConfirmationReceipt } from '../../api/types';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { ResultHeading } from '../../shared/ui/ResultHeading';

/** The registration's number and whether its sign-on fee is waived. */
function Place({ receipt }: { receipt: ConfirmationReceipt }) {
  return (
    <Card>
      <Flex vertical gap={16}>
        <Statistic title="Registration number" value={receipt.number} groupSeparator="" />
        {receipt.feeWaived ? (
          <Alert
            type="success"
            showIcon
            title="Your sign-on fee is waived"
            description={
              `You are number ${receipt.number} of the first 100 registrations, ` +
              'so you will not pay the sign-on fee.'
            }
          />
        ) : (
          <Alert
            type="info"
            showIcon
            title="Early-access places are taken"
            description="All 100 fee-free early-access places have been taken, so the standard sign-on fee applies."
          />
        )}
      </Flex>
    </Card>
  );
}

/**
 * The page the e-mailed link opens: confirms the registration once (the link's token goes to the API in a
 * POST, so a mail scanner fetching the link confirms nothing) and shows the outcome.
 */
export function ConfirmRegistration({ token }: { token: string }) {
  const confirmation = useMutation({ mutationFn: confirmInterest });
  const { mutate } = confirmation;
  // Once per token: the link works once, so a second call (a re-render, development's double effects) would fail.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  // The link opened again after it confirmed the registration (a second click, another device): the server
  // answers 409, and the registration is fine — said so, not 'Confirmation Failed'.
  if (confirmation.error instanceof ApiError && confirmation.error.status === 409) {
    return (
      <Result
        status="success"
        title={<ResultHeading>Registration Already Confirmed</ResultHeading>}
        subTitle="Your e-mail address was confirmed with this link before; there is nothing more to do. We'll contact you within 24-48 hours."
        extra={
          <ButtonLink to="/" color="primary" variant="solid">
            Back to Home
          </ButtonLink>
        }
      />
    );
  }
  if (!token || confirmation.isError) {
    const reason = token && confirmation.error ? describeError(confirmation.error) : CONFIRMATION_LINK_INVALID;
    return (
      <Result
        status="warning"
        title={<ResultHeading>Confirmation Failed</ResultHeading>}
        subTitle={reason}
        extra={
          <Flex gap={12} justify="center" wrap>
            <ButtonLink to="/register-interest" color="primary" variant="solid">
              Register Interest
            </ButtonLink>
            <ButtonLink to="/">Back to Home</ButtonLink>
          </Flex>
        }
      />
    );
  }
  if (!confirmation.data) {
    return (
      <Flex vertical align="center" gap={16} style={{ padding: '64px 0' }}>
        <Spin size="large" />
        <span>Confirming your registration...</span>
      </Flex>
    );
  }
  return (
    <Flex vertical gap={24}>
      <Result
        status="success"
        title={<ResultHeading>Registration Confirmed</ResultHeading>}
        subTitle="Thank you for confirming your e-mail address. We'll contact you within 24-48 hours."
        style={{ paddingBottom: 0 }}
      />
      <Place receipt={confirmation.data} />
      <Flex justify="center">
        <ButtonLink to="/" color="primary" variant="solid" size="large">
          Back to Home
        </ButtonLink>
      </Flex>
    </Flex>
  );
}
