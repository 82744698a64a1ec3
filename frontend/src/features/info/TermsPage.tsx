import { Typography } from 'antd';
import { contact } from '../../shared/contact';
import { Bullets, LegalPage } from './LegalPage';

/** /terms (docs/specification.md §2, §9): effective and updated August 15, 2025; the fees, notice periods and liability cap. */
export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      dates={['Effective: August 15, 2025', 'Last updated: August 15, 2025']}
      intro="These terms govern your use of the Kauri platform. Please read them carefully."
      sections={[
        {
          id: 'acceptance',
          title: 'Acceptance of terms',
          body: 'By creating an account or using the platform you accept these terms.',
        },
        {
          id: 'scope',
          title: 'Service scope',
          body: 'Kauri provides software to tokenize real-world assets, manage investors and cap tables, value assets and offer tokens to verified wholesale investors under the Financial Markets Conduct Act 2013, Schedule 1. Kauri does not offer financial advice and does not accept retail investors.',
        },
        {
          id: 'obligations',
          title: 'User obligations',
          body: (
            <Bullets
              items={[
                'Provide true and complete information, including for identity and wholesale verification.',
                'Keep your credentials secure.',
                'Only offer assets you own or are authorised to offer.',
              ]}
            />
          ),
        },
        {
          id: 'fees',
          title: 'Fees',
          body: (
            <Bullets
              items={[
                'Subscription fees as shown on the plans page: Starter $5,000 one-time, Professional $199 per month, Enterprise $999 per month.',
                'Payment processing: 3.5% plus $0.30 per transaction.',
                'Failed payments may lead to suspension of the service after 7 days.',
                "We give 30 days' notice of any change to our fees.",
                'The first 100 registrations of interest have their sign-on (setup) fee waived.',
              ]}
            />
          ),
        },
        {
          id: 'risk',
          title: 'Risk disclosure',
          body: 'Investing in tokenized assets involves risk, including the loss of all capital, illiquidity and changes in law. Valuations from the calculators are preliminary estimates.',
        },
        {
          id: 'ip',
          title: 'Intellectual property',
          body: 'The platform and its content belong to Kauri or its licensors. You keep the rights in the material you upload.',
        },
        {
          id: 'liability',
          title: 'Limitation of liability',
          body: 'To the extent the law allows, our liability is capped at the fees you paid in the last 12 months.',
        },
        {
          id: 'termination',
          title: 'Termination',
          body: "Either party may end the agreement with 30 days' notice. Records we must keep by law are retained after termination.",
        },
        {
          id: 'law',
          title: 'Governing law',
          body: 'These terms are governed by the laws of New Zealand, and the courts of New Zealand have jurisdiction.',
        },
        {
          id: 'contact',
          title: 'Contact',
          body: (
            <>
              Legal inquiries:{' '}
              <Typography.Link underline href={`mailto:${contact.email}`}>
                {contact.email}
              </Typography.Link>
              . We respond within 5 business days. Registered office: {contact.registeredOffice}.
            </>
          ),
        },
      ]}
    />
  );
}
