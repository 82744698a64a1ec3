import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex } from 'antd';
import { describeError, errorTitle } from '../../api/client';
import { requestEmailVerification } from '../../api/mutations';
import type { User } from '../../api/types';
import { useToast } from '../../shared/toast';

/**
 * For a signed-in person whose address is not confirmed yet: what waits for it, and a new link (the one from
 * registration may be lost, expired after 24 hours, or predate confirmation links altogether).
 */
export function EmailVerificationNotice({ user }: { user: User }) {
  const toast = useToast();
  const again = useMutation({
    mutationFn: requestEmailVerification,
    onSuccess: (answer) => toast.success('Link Sent', answer.message),
    onError: (error) => toast.error(errorTitle(error, 'Sending Failed'), describeError(error)),
  });
  if (user.emailVerified) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title="Please confirm your e-mail address"
      // The button under the text, not beside it: on a phone the address keeps a line of its own.
      description={
        <Flex vertical gap={8} align="flex-start">
          <span style={{ overflowWrap: 'anywhere' }}>
            {`We sent a link to ${user.email}. Until you open it, nothing that belongs to this address — such as an ` +
              'early-access sign-on fee waiver — applies to your account.'}
          </span>
          <Button size="small" onClick={() => again.mutate()} loading={again.isPending} disabled={again.isSuccess}>
            Send the link again
          </Button>
        </Flex>
      }
      style={{ width: '100%', maxWidth: 560 }}
    />
  );
}
