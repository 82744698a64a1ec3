import { Alert, Card, Flex, Result } from 'antd';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { ResultHeading } from '../../shared/ui/ResultHeading';

/** Success screen after registering interest: the confirmation link is on its way by e-mail. */
export function RegistrationComplete() {
  return (
    <Flex vertical gap={24}>
      <Result
        status="success"
        title={<ResultHeading>Registration Complete!</ResultHeading>}
        // The toast says 'Thank you! We'll contact you within 24-48 hours.' (docs/specification.md §8): said once, not again here.
        // The details below follow straight on; Result's own bottom padding would open a gap.
        style={{ paddingBottom: 0 }}
      />
      <Card>
        <Alert
          type="info"
          showIcon
          title="Please check your e-mail"
          description={
            'We have sent you a link to confirm your e-mail address. Open it within 48 hours: your registration ' +
            'counts toward the first 100, whose sign-on fees are waived, once it is confirmed.'
          }
        />
      </Card>
      <Flex justify="center">
        <ButtonLink to="/" color="primary" variant="solid" size="large">
          Back to Home
        </ButtonLink>
      </Flex>
    </Flex>
  );
}
