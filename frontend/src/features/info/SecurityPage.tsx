import { Typography } from 'antd';
import { contact } from '../../shared/contact';
import { Bullets, LegalPage } from './LegalPage';

/** /security (docs/specification.md §2, §9): updated August 15, 2025, next review February 15, 2026. */
export default function SecurityPage() {
  return (
    <LegalPage
      title="Security"
      dates={['Last updated: August 15, 2025', 'Next review: February 15, 2026']}
      intro="How Kauri protects your account, your data and your assets."
      sections={[
        {
          id: 'encryption',
          title: 'Encryption',
          body: (
            <Bullets
              items={[
                'TLS for all traffic.',
                'Personal information encrypted with a key per person.',
                'Every stored event carries a hash chained to the one before, so tampering is detected.',
              ]}
            />
          ),
        },
        {
          id: 'authentication',
          title: 'Authentication',
          body: (
            <Bullets
              items={[
                'Passwords of at least 12 characters, stored only as a memory-hard hash (scrypt).',
                'Session cookies that scripts cannot read, with CSRF protection.',
                'Sign-in attempts are rate-limited.',
              ]}
            />
          ),
        },
        {
          id: 'infrastructure',
          title: 'Infrastructure',
          body: 'Append-only event storage with replicated databases and regular, tested backups.',
        },
        {
          id: 'blockchain',
          title: 'Blockchain',
          body: "Smart contracts are audited before deployment; minting follows an administrator's approval of each tokenization.",
        },
        {
          id: 'monitoring',
          title: 'Monitoring and incident response',
          body: (
            <Bullets
              items={[
                'Continuous monitoring with an audit trail of every change.',
                'Initial response within 2 hours for critical issues and 24 hours for non-critical issues.',
                'Users are told of a notifiable breach within 24 hours and the Privacy Commissioner within 72 hours.',
              ]}
            />
          ),
        },
        {
          id: 'compliance',
          title: 'Compliance',
          body: 'Privacy Act 2020, AML/CFT Act 2009 and FMC Act 2013 obligations are built into the platform.',
        },
        {
          id: 'practices',
          title: 'User best practices',
          body: (
            <Bullets
              items={[
                'Use a unique password of at least 12 characters.',
                'Never share your sign-in details.',
                'Check that you are on the Kauri site before signing in.',
              ]}
            />
          ),
        },
        {
          id: 'reporting',
          title: 'Incident reporting',
          body: (
            <>
              Report a vulnerability or incident to{' '}
              <Typography.Link underline href={`mailto:${contact.securityEmail}`}>
                {contact.securityEmail}
              </Typography.Link>
              .
            </>
          ),
        },
        {
          id: 'contact',
          title: 'Contact',
          body: (
            <>
              Security team:{' '}
              <Typography.Link underline href={`mailto:${contact.securityEmail}`}>
                {contact.securityEmail}
              </Typography.Link>
              , {contact.phone}.
            </>
          ),
        },
      ]}
    />
  );
}
