import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button, Card, Flex, Form, Input, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { ERROR_TITLES, IDENTITY_MESSAGES, INVALID_EMAIL, MIN_PASSWORD_LENGTH } from '@kauri/messages';
import { currentUserQuery, displayName, register, signIn } from '../../api/auth';
import { describeError, errorTitle } from '../../api/client';
import { takeAuthRedirect } from '../../api/storage';
import type { Registration, User } from '../../api/types';
import { appPath } from '../../shared/appPath';
import { useToast } from '../../shared/toast';

type Mode = 'signin' | 'register';

/** Local sign-in and registration (docs/specification.md §2 "/auth"). */
export function AuthPage() {
  const [mode, setMode] = useState<Mode>('signin');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();

  const signedIn = async (user: User) => {
    queryClient.setQueryData(currentUserQuery.queryKey, user);
    await navigate({ href: takeAuthRedirect() });
  };

  const signInMutation = useMutation({
    mutationFn: signIn,
    onSuccess: async (user) => {
      toast.success('Welcome back!', `Signed in successfully as ${displayName(user)}`);
      await signedIn(user);
    },
    // A 429 names its own title ('Too Many Attempts') and says how long to wait.
    onError: (error) =>
      toast.error(errorTitle(error, ERROR_TITLES.signInFailed), describeError(error) || 'Login failed'),
  });
  const registerMutation = useMutation({
    mutationFn: register,
    onSuccess: async (user) => {
      toast.success('Account Created!', `Signed in as ${displayName(user)}`);
      await signedIn(user);
    },
    onError: (error) => toast.error('Registration Failed', describeError(error) || 'Registration failed'),
  });

  const emailRules = [
    { required: true, message: 'Please enter your email address' },
    { type: 'email' as const, message: INVALID_EMAIL },
  ];
  const passwordRules = [
    { required: true, message: 'Please enter your password' },
    ...(mode === 'register' ? [{ min: MIN_PASSWORD_LENGTH, message: IDENTITY_MESSAGES.passwordTooShort }] : []),
  ];

  return (
    <Flex justify="center" style={{ padding: '48px 16px' }}>
      <Card style={{ width: '100%', maxWidth: 440 }}>
        <Typography.Title level={1} style={{ textAlign: 'center', marginTop: 0 }}>
          {mode === 'signin' ? 'Sign In' : 'Create Account'}
        </Typography.Title>
        <Tabs
          centered
          activeKey={mode}
          onChange={(key) => setMode(key as Mode)}
          items={[
            { key: 'signin', label: 'Sign In' },
            { key: 'register', label: 'Create Account' },
          ]}
        />
        <Form<Registration>
          key={mode}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) =>
            mode === 'signin'
              ? signInMutation.mutate({ email: values.email, password: values.password })
              : registerMutation.mutate(values)
          }
        >
          {mode === 'register' && (
            <Flex gap={12}>
              <Form.Item
                name="firstName"
                label="First Name"
                style={{ flex: 1 }}
                rules={[{ required: true, message: 'Please enter your first name' }]}
              >
                <Input autoComplete="given-name" />
              </Form.Item>
              <Form.Item name="lastName" label="Last Name" style={{ flex: 1 }}>
                <Input autoComplete="family-name" />
              </Form.Item>
            </Flex>
          )}
          <Form.Item name="email" label="Email" rules={emailRules}>
            <Input autoComplete="email" inputMode="email" />
          </Form.Item>
          <Form.Item
            name="password"
            label="Password"
            rules={passwordRules}
            extra={mode === 'register' ? `At least ${MIN_PASSWORD_LENGTH} characters.` : undefined}
          >
            <Input.Password autoComplete={mode === 'signin' ? 'current-password' : 'new-password'} />
          </Form.Item>
          {mode === 'signin' && (
            <Flex justify="flex-end" style={{ marginTop: -8, marginBottom: 16 }}>
              <Link to={appPath('/auth/forgot-password')}>Forgot password?</Link>
            </Flex>
          )}
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={signInMutation.isPending || registerMutation.isPending}
          >
            {mode === 'signin' ? 'Sign In' : 'Create Account'}
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
