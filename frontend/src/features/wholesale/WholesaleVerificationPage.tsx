import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Result, Typography } from 'antd';
import { wholesaleStatusQuery } from '../../api/queries';
import { formatDate } from '../../shared/format';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { appPath } from '../../shared/appPath';
import { PageSpinner } from '../../shared/ui/PageSpinner';
import { ResultHeading } from '../../shared/ui/ResultHeading';
import { typeLabel } from '../../shared/verificationOptions';
import { RevokeCertificate } from './RevokeCertificate';
import { VerificationForm } from './VerificationForm';

/**
 * /wholesale-verification (docs/specification.md §2): verified (with "Revoke my certificate"), pending, or the form
 * (after a rejection, a lapse or a revocation, each said as what it was).
 */
export function WholesaleVerificationPage() {
  const status = useQuery(wholesaleStatusQuery);
  if (status.isPending) return <PageSpinner />;
  if (status.isError)
    return <Alert type="error" showIcon title="Your verification status could not be loaded" style={{ margin: 32 }} />;
  const s = status.data;
  return (
    <Flex vertical gap={24} style={{ maxWidth: 900, margin: '0 auto', padding: '32px 16px' }}>
      {s.verificationStatus === 'verified' ? (
        <Result
          status="success"
          title={<ResultHeading>Verified Wholesale Investor</ResultHeading>}
          subTitle={
            <Typography.Text>
              {typeLabel(s.verificationType)} · verified {formatDate(s.verifiedAt!)}
              {s.validUntil && ` · valid until ${formatDate(s.validUntil)}`}
            </Typography.Text>
          }
          extra={
            <Flex gap={8} wrap justify="center">
              <ButtonLink to={appPath('/token-offerings')} color="primary" variant="solid">
                Browse Token Offerings
              </ButtonLink>
              <RevokeCertificate />
            </Flex>
          }
        />
      ) : s.verificationStatus === 'pending' ? (
        <Result
          status="info"
          title={<ResultHeading>Verification Under Review</ResultHeading>}
          subTitle="Our team reviews your certification within 2-5 business days. We will let you know the outcome."
        />
      ) : (
        <VerificationForm previous={s} />
      )}
    </Flex>
  );
}
