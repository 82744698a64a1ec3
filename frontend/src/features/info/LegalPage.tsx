import { Anchor, Card, Col, Flex, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { Footer } from '../../shared/ui/Footer';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** The frame of the privacy, terms and security pages: dates, a table of contents, sections, Return to Home. */
export function LegalPage({
  title,
  dates,
  intro,
  sections,
}: {
  title: string;
  dates: string[];
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <>
      <Row gutter={[24, 24]} style={{ maxWidth: 1100, margin: '0 auto', padding: '40px 16px' }}>
        <Col xs={0} md={6}>
          <Anchor offsetTop={80} items={sections.map((s) => ({ key: s.id, href: `#${s.id}`, title: s.title }))} />
        </Col>
        <Col xs={24} md={18}>
          <Flex vertical gap={16}>
            <Typography.Title level={1} style={{ margin: 0 }}>
              {title}
            </Typography.Title>
            <Flex gap={16} wrap>
              {dates.map((d) => (
                <Typography.Text key={d} type="secondary">
                  {d}
                </Typography.Text>
              ))}
            </Flex>
            <Typography.Paragraph>{intro}</Typography.Paragraph>
            {sections.map((s, i) => (
              <Card key={s.id} id={s.id} title={`${i + 1}. ${s.title}`} size="small" style={{ scrollMarginTop: 80 }}>
                {s.body}
              </Card>
            ))}
            <Flex>
              <ButtonLink to="/" color="primary" variant="solid">
                Return to Home
              </ButtonLink>
            </Flex>
          </Flex>
        </Col>
      </Row>
      <Footer />
    </>
  );
}

export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <ul style={{ margin: 0, paddingInlineStart: 20 }}>
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}
