import { Alert, Flex, Result, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { ButtonLink } from '../ui/ButtonLink';
import { appPath } from '../appPath';
import { PageSpinner } from '../ui/PageSpinner';
import { ResultHeading } from '../ui/ResultHeading';

/** The frame of an object's page: its one heading, what it is, and actions beside it. */
export function ObjectPage({
  title,
  kicker,
  tags,
  extra,
  children,
}: {
  title: string;
  kicker?: ReactNode;
  tags?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200, margin: '0 auto', padding: '32px 16px', width: '100%' }}>
      <Flex justify="space-between" align="flex-start" wrap gap={12}>
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          {kicker && <Typography.Text type="secondary">{kicker}</Typography.Text>}
          <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading2 }}>
            {title}
          </Typography.Title>
          {tags && (
            <Flex gap={4} wrap>
              {tags}
            </Flex>
          )}
        </Flex>
        {extra && (
          <Flex gap={8} wrap>
            {extra}
          </Flex>
        )}
      </Flex>
      {children}
    </Flex>
  );
}

/**
 * What an object's page shows while its data loads or when it could not be read: the server answers 404 both
 * for an unknown id and for one the viewer may not see, and so does this page.
 */
export function ObjectState({ error, what, back }: { error: Error | null; what: string; back: `/${string}` }) {
  if (!error) return <PageSpinner />;
  if (error instanceof ApiError && (error.status === 404 || error.status === 400))
    return (
      <Result
        status="404"
        title={<ResultHeading>{what} not found</ResultHeading>}
        subTitle={`This ${what.toLowerCase()} does not exist, or it is not yours to see.`}
        extra={
          <ButtonLink to={appPath(back)} color="primary" variant="solid">
            Go back
          </ButtonLink>
        }
      />
    );
  return (
    <Alert
      type="error"
      showIcon
      title={`The ${what.toLowerCase()} could not be loaded. Please try again later.`}
      style={{ margin: 32 }}
    />
  );
}

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** How an investment stands, in words and colour. */
export const investmentStatus = {
  pending: { label: 'Pending settlement', color: 'gold' },
  confirmed: { label: 'Confirmed', color: 'green' },
  cancelled: { label: 'Cancelled', color: 'red' },
} as const;

export const valuationMethods = {
  'property-calculator': 'Property calculator',
  'startup-calculator': 'Startup calculator',
  'owner-estimate': "Owner's estimate",
} as const;
