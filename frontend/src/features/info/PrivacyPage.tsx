import { Typography } from 'antd';
import { contact } from '../../shared/contact';
import { Bullets, LegalPage } from './LegalPage';

/** /privacy (docs/specification.md §2, §9): dated August 15, 2025, with the retention periods and response times. */
export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      dates={['Last updated: August 15, 2025']}
      intro="Kauri collects and uses personal information in line with the New Zealand Privacy Act 2020 and its Information Privacy Principles. This policy explains what we collect, why, how long we keep it and your rights."
      sections={[
        {
          id: 'collect',
          title: 'Information we collect',
          body: (
            <Bullets
              items={[
                'Account details: name, e-mail address, password (stored only as a one-way hash).',
                'Identity and verification records for KYC, AML/CFT and wholesale investor verification, including documents you upload.',
                'Asset, investment and transaction records.',
                'Web usage information such as pages visited and device type.',
                'Communications with us.',
              ]}
            />
          ),
        },
        {
          id: 'use',
          title: 'How we use it',
          body: (
            <Bullets
              items={[
                'To provide the platform, verify investors and meet our legal obligations under the FMC Act 2013 and the AML/CFT Act 2009.',
                'To process payments and subscriptions.',
                'To send service messages and, with your consent, marketing.',
              ]}
            />
          ),
        },
        {
          id: 'retention',
          title: 'How long we keep it',
          body: (
            <Bullets
              items={[
                'Account and transaction records: 7 years.',
                'KYC and verification records: 5 years (after the business relationship ends, as AML/CFT law requires).',
                'Web usage information: 2 years.',
                'Communications: 3 years.',
                'Marketing preferences: until you withdraw consent.',
              ]}
            />
          ),
        },
        {
          id: 'protection',
          title: 'How we protect it',
          body: 'Personal information in our records is encrypted with a key for each person, so that when it must be forgotten its key is destroyed and it can no longer be read, while the non-personal record of what happened stays intact for audit.',
        },
        {
          id: 'rights',
          title: 'Your rights',
          body: (
            <Bullets
              items={[
                'Ask for a copy of your personal information, or for it to be corrected.',
                'Ask us to delete information we no longer need to keep by law.',
                'We respond to rights requests within 20 working days, and to other privacy inquiries within 5 business days.',
              ]}
            />
          ),
        },
        {
          id: 'changes',
          title: 'Changes to this policy',
          body: "We give 30 days' notice of material changes to this policy.",
        },
        {
          id: 'contact',
          title: 'Contact',
          body: (
            <>
              Privacy Officer:{' '}
              <Typography.Link underline href={`mailto:${contact.privacyEmail}`}>
                {contact.privacyEmail}
              </Typography.Link>
              . You may also complain to the Office of the Privacy Commissioner.
            </>
          ),
        },
      ]}
    />
  );
}
