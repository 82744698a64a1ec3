import { Alert, Card, Flex, Result, Statistic } from 'antd';
import type { RegistrationReceipt } from '../../api/types';
import { ButtonLink } from '../layout/ButtonLink';
import { ResultHeading } from '../layout/ResultHeading';

/** Success screen after registering interest, with the registration's number and fee outcome. */
export function RegistrationComplete({ receipt }: { receipt: RegistrationReceipt }) {
  return (
    <Flex vertical gap={24}>
      <Result
        status="success"
        title={<ResultHeading>Registration Complete!</ResultHeading>}
        subTitle="Thank you! We'll contact you within 24-48 hours."
        // The details below follow straight on; Result's own bottom padding would open a gap.
        style={{ paddingBottom: 0 }}
      />
      <Card>
        <Flex vertical gap={16}>
          <Statistic title="Registration number" value={receipt.number} groupSeparator="" />
          {receipt.feeWaived ? (
            <Alert
              type="success"
              showIcon
              title="Your sign-on fee is waived"
              description={`You are number ${receipt.number} of the first 100 registrations, so you will not pay the sign-on fee.`}
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
      <Flex justify="center">
        <ButtonLink to="/" color="primary" variant="solid" size="large">
          Back to Home
        </ButtonLink>
      </Flex>
    </Flex>
  );
}
