import { FilePdfOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Card, Col, Descriptions, List, Progress, Row, Tag, Typography } from 'antd';
import { useState } from 'react';
import { REVOCATION_MESSAGES } from '@kauri/messages';
import { offeringQuery, wholesaleStatusQuery } from '../../api/queries';
import { TokenTerms } from '../../shared/objects/TokenTerms';
import { appPath } from '../../shared/appPath';
import { formatCount, formatDate, formatPayment } from '../../shared/format';
import { Figures } from '../../shared/Figures';
import { capitalise, ObjectPage, ObjectState, valuationMethods } from '../../shared/objects/ObjectPage';
import { HoldingsTable } from '../../shared/objects/HoldingsTable';
import { InvestDialog } from './InvestDialog';

/** An offering's page: the asset behind it (valuation, documents, terms), its own terms and progress. */
export function OfferingPage({ offeringId }: { offeringId: string }) {
  const { data, error } = useQuery(offeringQuery(offeringId));
  const [investing, setInvesting] = useState(false);
  // A holder who revoked their certificate still sees the offering they hold, and why they may not invest more.
  const standing = useQuery(wholesaleStatusQuery);
  const revokedAt = standing.data?.revokedAt;
  if (!data) return <ObjectState error={error} what="Offering" back="/token-offerings" />;
  const o = data;
  const asset = o.asset;
  return (
    <ObjectPage
      kicker={
        o.viewer === 'staff' ? (
          <Link to={appPath('/admin')}>Admin</Link>
        ) : o.viewer === 'owner' && asset ? (
          <Link to="/assets/$assetId" params={{ assetId: asset.id }}>
            {asset.name}
          </Link>
        ) : (
          <Link to={appPath('/token-offerings')}>Token Offerings</Link>
        )
      }
      title={o.name}
      tags={
        <>
          <Tag color={o.status === 'active' ? 'green' : 'default'}>{capitalise(o.status)}</Tag>
          {asset && <Tag>{capitalise(asset.assetType)}</Tag>}
        </>
      }
      extra={
        o.canInvest && (
          <Button type="primary" size="large" onClick={() => setInvesting(true)}>
            Invest Now
          </Button>
        )
      }
    >
      {!o.canInvest && o.status === 'active' && revokedAt && (
        <Alert type="warning" showIcon title={REVOCATION_MESSAGES.revoked(formatDate(revokedAt))} />
      )}
      {o.description && <Typography.Paragraph style={{ margin: 0 }}>{o.description}</Typography.Paragraph>}
      <Figures
        items={[
          { title: 'Token Price', value: formatPayment(Number(o.tokenPrice)) },
          { title: 'Minimum Investment', value: formatPayment(Number(o.minimumInvestment)) },
          { title: 'Lock-up', value: `${formatCount(o.lockupPeriod)} days` },
          { title: 'Tokens Available', value: formatCount(o.tokensAvailable) },
        ]}
      />
      <Card title="Progress">
        <Progress percent={o.percentIssued} aria-label={`${o.name} progress`} />
        <Typography.Text type="secondary">
          {formatCount(o.tokensIssued)} of {formatCount(o.totalTokens)} tokens issued
          {o.tokensReserved > 0 && ` · ${formatCount(o.tokensReserved)} held by pending investments`} ·{' '}
          {formatPayment(Number(o.fundsRaised))} raised
        </Typography.Text>
      </Card>
      {o.myInvestments.length > 0 && (
        <Card title="My Investments in This Offering">
          <HoldingsTable investments={o.myInvestments} />
        </Card>
      )}
      {asset && (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Card
              title="The Asset"
              extra={
                <Link to="/assets/$assetId" params={{ assetId: asset.id }}>
                  Asset page
                </Link>
              }
              style={{ height: '100%' }}
            >
              <Descriptions
                column={1}
                size="small"
                items={[
                  { key: 'name', label: 'Name', children: asset.name },
                  { key: 'type', label: 'Type', children: capitalise(asset.assetType) },
                  { key: 'description', label: 'Description', children: asset.description },
                  ...(asset.address ? [{ key: 'address', label: 'Address', children: asset.address }] : []),
                  { key: 'value', label: 'Valuation', children: formatPayment(asset.value) },
                  ...(asset.valuation
                    ? [
                        {
                          key: 'method',
                          label: 'Valued by',
                          children: `${valuationMethods[asset.valuation.method]}, ${formatDate(asset.valuation.at)}`,
                        },
                      ]
                    : []),
                  { key: 'tokens', label: 'Tokens', children: formatCount(asset.tokenCount) },
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title="Documents" style={{ height: '100%' }}>
              <List
                dataSource={asset.documents}
                locale={{ emptyText: 'No documents' }}
                renderItem={(d) => (
                  <List.Item>
                    <List.Item.Meta
                      avatar={<FilePdfOutlined />}
                      title={
                        <a href={d.url} download>
                          {d.title}
                        </a>
                      }
                      description={d.fileName}
                    />
                  </List.Item>
                )}
              />
            </Card>
          </Col>
          <Col xs={24}>
            <Card title="Token Terms">
              <TokenTerms terms={asset.terms} initialSupply={asset.initialSupply} />
            </Card>
          </Col>
        </Row>
      )}
      {investing && <InvestDialog offering={o} onClose={() => setInvesting(false)} />}
    </ObjectPage>
  );
}
