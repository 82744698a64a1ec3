import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Flex, Result, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { IDENTITY_MESSAGES } from '@kauri/messages';
import { currentUserQuery } from '../../api/auth';
import { ApiError, describeError } from '../../api/client';
import { verifyEmail } from '../../api/mutations';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { ResultHeading } from '../../shared/ui/ResultHeading';
import { appPath } from '../../shared/appPath';

/** Where to go next: the profile when signed in in this browser, else the sign-in page. */
function Next({ signedIn }: { signedIn: boolean }) {
  return signedIn ? (
    <ButtonLink to={appPath('/profile')} color="primary" variant="solid">
      Go to Profile
    </ButtonLink>
  ) : (
    <ButtonLink to={appPath('/auth')} color="primary" variant="solid">
      Sign In
    </ButtonLink>
  );
}

/**
 * /auth/verify-email?token=…: the page the e-mailed link opens. It confirms the address once (the token goes to the
 * API in a POST, so a mail scanner fetching the link confirms nothing) and says how it went. A confirmed address
 * is what the early-access waiver and an ADMIN_EMAILS role wait for.
 */
export function VerifyEmailPage({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const { data: user } = useQuery(currentUserQuery);
  const verification = useMutation({
    mutationFn: verifyEmail,
    // The signed-in User now reads emailVerified (and maybe a role): asked for again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
  const { mutate } = verification;
  // Once per token: the link works once, so a second call (a re-render, development's double effects) would fail.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);
  const signedIn = !!user;

  // The link opened again after it confirmed the address (a second click, another device): fine, and said so.
  if (verification.error instanceof ApiError && verification.error.status === 409) {
    return (
      <Result
        status="success"
        title={<ResultHeading>E-mail Address Already Confirmed</ResultHeading>}
        subTitle="Your e-mail address was confirmed with this link before; there is nothing more to do."
        extra={<Next signedIn={signedIn} />}
      />
    );
  }
  if (!token || verification.isError) {
    const reason = token && verification.error ? describeError(verification.error) : IDENTITY_MESSAGES.emailLinkInvalid;
    return (
      <Result
        status="warning"
        title={<ResultHeading>Confirmation Failed</ResultHeading>}
        subTitle={
          // Someone whose address is confirmed already has no new link to ask for.
          user?.emailVerified
            ? `${reason} Your e-mail address is confirmed already: there is nothing more to do.`
            : signedIn
              ? `${reason} You can send a new link from your profile.`
              : `${reason} Sign in to send a new link from your profile.`
        }
        extra={<Next signedIn={signedIn} />}
      />
    );
  }
  if (!verification.isSuccess) {
    return (
      <Flex vertical align="center" gap={16} style={{ padding: '64px 0' }}>
        <Spin size="large" />
        <span>Confirming your e-mail address...</span>
      </Flex>
    );
  }
  return (
    <Result
      status="success"
      title={<ResultHeading>E-mail Address Confirmed</ResultHeading>}
      subTitle="Thank you for confirming your e-mail address."
      extra={<Next signedIn={signedIn} />}
    />
  );
}
