import { Result } from 'antd';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { ResultHeading } from '../../shared/ui/ResultHeading';

/** What a signed-out visitor sees on the app's pages (docs/specification.md §2 "Route table"). */
export function LaunchingSoon() {
  return (
    <Result
      status="info"
      title={<ResultHeading>Platform Launching Soon</ResultHeading>}
      subTitle={
        <>
          Kauri opens its operations once enough investors and asset owners have registered their interest.
          <br />
          The first 100 registrations waive sign-on fees.
        </>
      }
      extra={[
        <ButtonLink key="register" to="/register-interest" color="primary" variant="solid">
          Register Interest
        </ButtonLink>,
        <ButtonLink key="home" to="/">
          Back to Home
        </ButtonLink>,
      ]}
    />
  );
}
