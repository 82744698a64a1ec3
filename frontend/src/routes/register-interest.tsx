import { Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import type { RegistrationReceipt } from '../api/types';
import { EarlyAccessBanner } from '../features/early-access/EarlyAccessBanner';
import { RegisterInterestForm } from '../features/early-access/RegisterInterestForm';
import { RegistrationComplete } from '../features/early-access/RegistrationComplete';

/** /register-interest: public, no sign-in needed (docs/specification.md §2, §6). */
export default function RegisterInterestPage() {
  const [receipt, setReceipt] = useState<RegistrationReceipt | null>(null);

  const showReceipt = (registered: RegistrationReceipt) => {
    setReceipt(registered);
    // The form is long; without this a phone would open the success screen scrolled past its top.
    window.scrollTo({ top: 0 });
  };

  return (
    <Flex vertical gap={24} style={{ maxWidth: 760, margin: '0 auto', padding: '32px 16px 64px' }}>
      {receipt ? (
        <RegistrationComplete />
      ) : (
        <>
          <div>
            <Typography.Title level={1} style={{ marginTop: 0 }}>
              Register Your Interest
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ fontSize: 16, marginBottom: 0 }}>
              Kauri is preparing to launch: tokenization operations depend on securing enough registrations. Tell us
              about yourself and we will be in touch. Offerings will be open only to wholesale investors as defined in
              the Financial Markets Conduct Act 2013.
            </Typography.Paragraph>
          </div>
          <EarlyAccessBanner />
          <Card>
            <RegisterInterestForm onRegistered={showReceipt} />
          </Card>
        </>
      )}
    </Flex>
  );
}
