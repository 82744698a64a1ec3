import { MailOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { INVALID_EMAIL } from '@kauri/messages';
import { describeError, errorTitle } from '../../api/client';
import { requestPasswordReset } from '../../api/mutations';
import { appPath } from '../../shared/appPath';
import { useToast } from '../../shared/toast';

/**
 * /auth/forgot-password: asks for a reset link. The answer is the server's, the same whether or not the
 * address has an account, so the page cannot tell anyone which addresses do.
 */
export function ForgotPasswordPage() {
  const toast = useToast();
  const request = useMutation({
    mutationFn: ({ email }: { email: string }) => requestPasswordReset(email),
    onError: (error) => toast.error(errorTitle(error, 'Request Failed'), describeError(error)),
  });
  return (
    <Flex justify="center" style={{ padding: '48px 16px' }}>
      <Card style={{ width: '100%', maxWidth: 440 }}>
        <Typography.Title level={1} style={{ textAlign: 'center', marginTop: 0, fontSize: 30 }}>
          Forgot Password
        </Typography.Title>
        {request.isSuccess ? (
          <Flex vertical gap={16}>
            <Alert
              type="success"
              showIcon
              icon={<MailOutlined />}
              title="Check your e-mail"
              description={request.data.message}
            />
            <Link to={appPath('/auth')}>Back to Sign In</Link>
          </Flex>
        ) : (
          <Form<{ email: string }> layout="vertical" requiredMark={false} onFinish={(values) => request.mutate(values)}>
            <Typography.Paragraph type="secondary">
              Enter the e-mail address of your account. We will send you a link to choose a new password; it works once,
              for 1 hour.
            </Typography.Paragraph>
            <Form.Item
              name="email"
              label="Email"
              rules={[
                { required: true, message: 'Please enter your email address' },
                { type: 'email', message: INVALID_EMAIL },
              ]}
            >
              <Input autoComplete="email" inputMode="email" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={request.isPending}>
              Send Reset Link
            </Button>
            <Flex justify="center" style={{ marginTop: 16 }}>
              <Link to={appPath('/auth')}>Back to Sign In</Link>
            </Flex>
          </Form>
        )}
      </Card>
    </Flex>
  );
}
