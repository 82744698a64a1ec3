import { FilePdfOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, Card, Col, Descriptions, Empty, Flex, List, Progress, Row, Tag, Timeline, Typography } from 'antd';
import { assetPageQuery } from '../../api/queries';
import type { AssetPage, CapTableRow } from '../../api/types';
import { formatCount, formatDate, formatPayment } from '../../shared/format';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { appPath } from '../../shared/appPath';
import { Figures } from '../../shared/Figures';
import { capitalise, ObjectPage, ObjectState, valuationMethods } from '../../shared/objects/ObjectPage';
import { useSignedInUser } from '../../shared/signedInUser';
import { TokenTerms } from '../../shared/objects/TokenTerms';
import { TokenOnChain } from '../../shared/tokens/TokenOnChain';
import { statusColors } from '../../shared/objects/AssetCard';
import { emptyText } from '../../shared/ui/emptyText';
import { ScrollTable } from '../../shared/ui/ScrollTable';
import { TransferApprovalSetting } from '../../shared/transfers/TransferApprovalSetting';
import { TransfersCard } from '../../shared/transfers/Transfers';

const backTo = { owner: '/assets', staff: '/admin', investor: '/token-offerings' } as const;

/**
 * An asset's page: its facts, documents, valuation, token terms, cap table, offerings and history. The
 * server shapes it for the viewer: investors see no one's personal data on the cap table.
 */
export function AssetDetailPage({ assetId }: { assetId: string }) {
  const { data, error } = useQuery(assetPageQuery(assetId));
  const user = useSignedInUser();
  if (!data) return <ObjectState error={error} what="Asset" back="/assets" />;
  const a = data;
  return (
    <ObjectPage
      kicker={
        <Link to={appPath(backTo[a.viewer])}>
          {a.viewer === 'owner' ? 'My Assets' : a.viewer === 'staff' ? 'Admin' : 'Token Offerings'}
        </Link>
      }
      title={a.name}
      tags={
        <>
          <Tag>{capitalise(a.assetType)}</Tag>
          <Tag color={statusColors[a.status]}>{capitalise(a.status)}</Tag>
        </>
      }
      extra={
        a.viewer === 'owner' &&
        (a.status === 'draft' ? (
          <ButtonLink to="/tokenize" search={{ asset: a.id }} color="primary" variant="solid">
            Continue Setup
          </ButtonLink>
        ) : (
          a.status === 'active' && (
            <ButtonLink to="/assets/$assetId/distributions" params={{ assetId: a.id }}>
              Distributions
            </ButtonLink>
          )
        ))
      }
    >
      {a.returnReason && a.status === 'draft' && (
        <Alert type="warning" showIcon title="Sent back by the reviewer" description={a.returnReason} />
      )}
      <Figures
        items={[
          { title: 'Valuation', value: formatPayment(a.value) },
          { title: 'Tokens', value: formatCount(a.tokenCount) },
          { title: 'Token Price Now', value: a.tokenPrice ? formatPayment(a.tokenPrice.price) : '—' },
          {
            title: 'Change',
            value: a.changePercent === null ? '—' : `${a.changePercent > 0 ? '+' : ''}${a.changePercent.toFixed(1)}%`,
          },
        ]}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title="About" style={{ height: '100%' }}>
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'description', label: 'Description', children: a.description },
                ...(a.address ? [{ key: 'address', label: 'Address', children: a.address }] : []),
                ...(a.owner
                  ? [
                      {
                        key: 'owner',
                        label: 'Owner',
                        children: `${a.owner.name}${a.owner.email ? ` (${a.owner.email})` : ''}`,
                      },
                    ]
                  : []),
                { key: 'created', label: 'Created', children: formatDate(a.createdAt) },
                ...(a.submittedAt
                  ? [{ key: 'submitted', label: 'Submitted', children: formatDate(a.submittedAt) }]
                  : []),
                ...(a.approvedAt ? [{ key: 'approved', label: 'Approved', children: formatDate(a.approvedAt) }] : []),
                ...(a.viewer !== 'investor'
                  ? [{ key: 'step', label: 'Progress', children: `Step ${a.currentStep} of 5` }]
                  : []),
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title="Valuation" style={{ height: '100%' }}>
            {a.valuation ? (
              <Descriptions
                column={1}
                size="small"
                items={[
                  { key: 'value', label: 'Value', children: formatPayment(a.valuation.value) },
                  { key: 'method', label: 'Method', children: valuationMethods[a.valuation.method] },
                  { key: 'at', label: 'Valued', children: formatDate(a.valuation.at) },
                  ...(a.firstValuation !== null && a.firstValuation !== a.valuation.value
                    ? [{ key: 'first', label: 'First valuation', children: formatPayment(a.firstValuation) }]
                    : []),
                ]}
              />
            ) : (
              <Empty description={`Not valued yet: the owner's figure is ${formatPayment(a.value)}`} />
            )}
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title="Documents" style={{ height: '100%' }}>
            <List
              dataSource={a.documents}
              locale={{ emptyText: emptyText('No documents yet') }}
              renderItem={(d) => (
                <List.Item>
                  <List.Item.Meta
                    avatar={<FilePdfOutlined />}
                    title={
                      <a href={d.url} download>
                        {d.title}
                      </a>
                    }
                    description={`${d.fileName} · ${Math.max(1, Math.round(d.size / 1024))} KB · ${formatDate(d.uploadedAt)}`}
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title="Token Terms" style={{ height: '100%' }}>
            <TokenTerms terms={a.terms} initialSupply={a.initialSupply} />
          </Card>
        </Col>
      </Row>
      <TokenOnChain
        assetId={a.id}
        assetStatus={a.status}
        ownerId={a.viewer === 'owner' ? user.id : a.viewer === 'staff' ? (a.owner?.id ?? null) : null}
        investorView={a.viewer === 'investor'}
      />
      {a.viewer === 'owner' && <TransferApprovalSetting assetId={a.id} admin={false} />}
      {a.viewer === 'staff' && user.roles.includes('admin') && <TransferApprovalSetting assetId={a.id} admin />}
      {a.viewer === 'owner' && <TransfersCard assetId={a.id} userId={user.id} />}
      {a.viewer === 'staff' && user.roles.includes('admin') && <TransfersCard assetId={a.id} userId={user.id} admin />}
      <Card title="Cap Table">
        <CapTable page={a} />
      </Card>
      <Card title="Offerings">
        <List
          dataSource={a.offerings}
          locale={{ emptyText: emptyText('No offerings of this asset yet') }}
          renderItem={(o) => (
            <List.Item>
              <Flex vertical gap={4} style={{ width: '100%' }}>
                <Flex justify="space-between" wrap gap={8}>
                  <Link to="/token-offerings/$offeringId" params={{ offeringId: o.id }}>
                    {o.name}
                  </Link>
                  <Tag color={o.status === 'active' ? 'green' : 'default'}>{capitalise(o.status)}</Tag>
                </Flex>
                <Typography.Text type="secondary">
                  {formatPayment(Number(o.tokenPrice))} per token · {formatCount(o.tokensIssued)} of{' '}
                  {formatCount(o.totalTokens)} issued · {formatPayment(Number(o.fundsRaised))} raised
                </Typography.Text>
                <Progress
                  percent={Math.round((o.tokensIssued / o.totalTokens) * 1000) / 10}
                  size="small"
                  aria-label={`${o.name}: tokens issued`}
                />
              </Flex>
            </List.Item>
          )}
        />
      </Card>
      <Card title="History">
        {a.history.length === 0 ? (
          <Empty description="Nothing recorded yet" />
        ) : (
          <Timeline
            items={[...a.history].reverse().map((h, n) => ({
              key: `${h.at}-${n}`,
              content: (
                <Flex vertical>
                  <Typography.Text>{h.text}</Typography.Text>
                  <Typography.Text type="secondary">{formatDate(h.at)}</Typography.Text>
                </Flex>
              ),
            }))}
          />
        )}
      </Card>
    </ObjectPage>
  );
}

function CapTable({ page }: { page: AssetPage }) {
  const { rows, held, retained } = page.capTable;
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">
        {formatCount(held)} tokens held by investors · {formatCount(retained)} retained by the owner or not yet
        allocated
      </Typography.Text>
      <ScrollTable<CapTableRow>
        rowKey={(r, n) => `${r.holder}-${n}`}
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        locale={{ emptyText: 'No investors yet' }}
        columns={[
          {
            title: 'Holder',
            render: (_, r) => (
              <Flex vertical>
                <Typography.Text strong={r.you}>{r.holder}</Typography.Text>
                {r.email && <Typography.Text type="secondary">{r.email}</Typography.Text>}
              </Flex>
            ),
          },
          { title: 'Tokens', dataIndex: 'tokens', align: 'right', render: (n: number) => formatCount(n) },
          { title: 'Owned', dataIndex: 'percent', align: 'right', render: (n: number) => `${n.toFixed(2)}%` },
          {
            title: 'Kind',
            dataIndex: 'kind',
            render: (k: CapTableRow['kind']) => (
              <Tag color={k === 'platform' ? 'green' : 'default'}>{k === 'platform' ? 'Verified' : 'Off-platform'}</Tag>
            ),
          },
        ]}
      />
    </Flex>
  );
}
