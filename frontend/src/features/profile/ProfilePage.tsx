import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Form, Input, Typography } from 'antd';
import { currentUserQuery, updateProfile } from '../../api/auth';
import { describeError } from '../../api/client';
import type { User } from '../../api/types';
import { EmailVerificationNotice } from './EmailVerificationNotice';
import { WalletCard } from './WalletCard';
import { useToast } from '../../shared/toast';

/** /profile: a person sees their account and edits their name. */
export function ProfilePage({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated) => {
      queryClient.setQueryData(currentUserQuery.queryKey, updated);
      toast.success('Profile Updated', 'Your name has been saved.');
    },
    onError: (error) => toast.error('Error', describeError(error)),
  });

  return (
    <Flex vertical align="center" gap={16} style={{ padding: '32px 16px' }}>
      <EmailVerificationNotice user={user} />
      <Card style={{ width: '100%', maxWidth: 560 }}>
        <Typography.Title level={1} style={{ marginTop: 0 }}>
          Profile
        </Typography.Title>
        <Descriptions column={1} size="small" style={{ marginBottom: 24 }}>
          <Descriptions.Item label="Email">{user.email}</Descriptions.Item>
          <Descriptions.Item label="Role">{user.role === 'admin' ? 'Administrator' : 'User'}</Descriptions.Item>
          <Descriptions.Item label="Subscription">
            {user.subscriptionTier ? `${user.subscriptionTier} (${user.subscriptionStatus})` : 'None'}
          </Descriptions.Item>
        </Descriptions>
        <Form
          layout="vertical"
          initialValues={{ firstName: user.firstName ?? '', lastName: user.lastName ?? '' }}
          onFinish={(values: { firstName: string; lastName: string }) => save.mutate(values)}
        >
          <Form.Item
            name="firstName"
            label="First Name"
            rules={[{ required: true, message: 'Please enter your first name' }]}
          >
            <Input autoComplete="given-name" />
          </Form.Item>
          <Form.Item name="lastName" label="Last Name">
            <Input autoComplete="family-name" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save
          </Button>
        </Form>
      </Card>
      <WalletCard />
    </Flex>
  );
}
