import { useNavigate } from '@tanstack/react-router';
import { Button, Result } from 'antd';
import { rememberAuthRedirect } from '../../api/storage';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { appPath } from '../../shared/appPath';
import { ResultHeading } from '../../shared/ui/ResultHeading';

/** Signed-out /subscribe (docs/specification.md §2): a sign-in prompt that brings the visitor back here afterwards. */
export function SignInRequired() {
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title={<ResultHeading>Sign In Required for Subscriptions</ResultHeading>}
      subTitle="Please sign in or create an account to choose a plan."
      extra={[
        <Button
          key="signin"
          type="primary"
          onClick={() => {
            rememberAuthRedirect(window.location.pathname);
            void navigate({ to: appPath('/auth') });
          }}
        >
          Sign In / Register
        </Button>,
        <ButtonLink key="home" to="/">
          Back to Home
        </ButtonLink>,
      ]}
    />
  );
}
