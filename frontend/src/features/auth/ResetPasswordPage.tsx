import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Card, Flex, Form, Input, Result, Typography } from 'antd';
import { IDENTITY_MESSAGES, MIN_PASSWORD_LENGTH } from '@kauri/messages';
import { currentUserQuery } from '../../api/auth';
import { describeError, errorTitle } from '../../api/client';
import { resetPassword } from '../../api/mutations';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { ResultHeading } from '../../shared/ui/ResultHeading';
import { appPath } from '../../shared/appPath';
import { useToast } from '../../shared/toast';

interface NewPassword {
  password: string;
  confirm: string;
}

/**
 * /auth/reset-password?token=…: the page the e-mailed link opens. The new password follows the security page's
 * rule (at least 12 characters); resetting signs the account out everywhere, so the person signs in again.
 */
export function ResetPasswordPage({ token }: { token: string }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const reset = useMutation({
    mutationFn: ({ password }: NewPassword) => resetPassword(token, password),
    onSuccess: () => {
      // Every session ended, this browser's too.
      queryClient.setQueryData(currentUserQuery.queryKey, null);
      toast.success('Password Changed', 'Sign in with your new password.');
    },
    onError: (error) => toast.error(errorTitle(error, 'Reset Failed'), describeError(error)),
  });

  if (reset.isSuccess) {
    return (
      <Result
        status="success"
        title={<ResultHeading>Password Changed</ResultHeading>}
        subTitle="Your new password is set, and every device that was signed in has been signed out."
        extra={
          <ButtonLink to={appPath('/auth')} color="primary" variant="solid">
            Sign In
          </ButtonLink>
        }
      />
    );
  }

  return (
    <Flex justify="center" style={{ padding: '48px 16px' }}>
      <Card style={{ width: '100%', maxWidth: 440 }}>
        <Typography.Title level={1} style={{ textAlign: 'center', marginTop: 0, fontSize: 30 }}>
          Choose a New Password
        </Typography.Title>
        {!token && (
          <Alert
            type="error"
            showIcon
            title="This reset link is not complete"
            description="Open the link from the e-mail again, or ask for a new one."
            style={{ marginBottom: 16 }}
          />
        )}
        {reset.isError && (
          <Alert
            type="error"
            showIcon
            title={describeError(reset.error)}
            action={<Link to={appPath('/auth/forgot-password')}>Ask for a new link</Link>}
            style={{ marginBottom: 16 }}
          />
        )}
        <Form<NewPassword> layout="vertical" requiredMark={false} onFinish={(values) => reset.mutate(values)}>
          <Form.Item
            name="password"
            label="New Password"
            extra={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            rules={[
              { required: true, message: 'Please enter a new password' },
              {
                min: MIN_PASSWORD_LENGTH,
                message: IDENTITY_MESSAGES.passwordTooShort,
              },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label="Confirm New Password"
            dependencies={['password']}
            rules={[
              { required: true, message: 'Please enter the new password again' },
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  !value || value === getFieldValue('password')
                    ? Promise.resolve()
                    : Promise.reject(new Error('The passwords do not match')),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending} disabled={!token}>
            Set New Password
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
