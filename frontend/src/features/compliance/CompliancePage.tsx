import { DownloadOutlined, FileProtectOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, List, Popover, Progress, Row, Select, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { describeError } from '../../api/client';
import { requestComplianceReview } from '../../api/mutations';
import { assetsQuery, complianceQuery, dashboardStatsQuery } from '../../api/queries';
import { refreshAfterWrite } from '../../api/queryClient';
import type { CheckStatus, ComplianceCheck, ComplianceOverview } from '../../api/types';
import { formatDate } from '../../shared/format';
import { PageSpinner } from '../../shared/ui/PageSpinner';
import { useToast } from '../../shared/toast';
import { WhyDisabled } from '../../shared/ui/WhyDisabled';
import { emptyText } from '../../shared/ui/emptyText';
import { ScrollTable } from '../../shared/ui/ScrollTable';
import { checkColors, checkStatusLabel } from '../../shared/labels';

/** Compliance Dashboard (docs/specification.md §2): the four checks, the score ring, quick actions that work, the table, deadlines. */
export function CompliancePage() {
  const overview = useQuery(complianceQuery);
  if (overview.isPending) return <PageSpinner />;
  if (overview.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="Compliance could not be loaded"
        description="Please reload the page."
        style={{ margin: 32 }}
      />
    );
  const data = overview.data;
  return (
    <Flex vertical gap={24} style={{ maxWidth: 1200, margin: '0 auto', padding: '32px 16px' }}>
      <Typography.Title level={1} style={{ margin: 0 }}>
        Compliance Dashboard
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Shield data={data} />
        </Col>
        <Col xs={24} lg={14}>
          <QuickActions data={data} />
        </Col>
      </Row>
      <Card title="Compliance Checks">
        <ScrollTable<ComplianceCheck>
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={data.checks}
          columns={[
            { title: 'Check Type', render: (_, c) => <Typography.Text strong>{c.name}</Typography.Text> },
            {
              title: 'Status',
              dataIndex: 'status',
              render: (s: CheckStatus) => <Tag color={checkColors[s]}>{checkStatusLabel(s)}</Tag>,
            },
            {
              title: 'Last Updated',
              dataIndex: 'lastUpdated',
              render: (d: string | null) => (d ? formatDate(d) : '—'),
            },
            {
              title: 'Expiry Date',
              dataIndex: 'expiryDate',
              render: (d: string | null) => (d ? formatDate(d) : 'None'),
            },
            {
              title: 'Actions',
              // Pinned to the right edge: on a phone the table scrolls sideways, its actions stay in reach.
              fixed: 'right',
              render: (_, c) => (
                <Popover
                  title={c.name}
                  content={
                    <div style={{ maxWidth: 320 }}>
                      {c.description}
                      {c.note && <p style={{ marginTop: 8 }}>Reviewer’s note: {c.note}</p>}
                    </div>
                  }
                >
                  <Button size="small">Details</Button>
                </Popover>
              ),
            },
          ]}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="Upcoming Deadlines" style={{ height: '100%' }}>
            <List
              dataSource={data.deadlines}
              locale={{ emptyText: emptyText('No expiry dates recorded yet') }}
              renderItem={(d) => (
                <List.Item
                  extra={
                    <Tag color={d.daysLeft < 0 ? 'red' : d.daysLeft <= 30 ? 'gold' : 'default'}>
                      {d.daysLeft < 0 ? `${-d.daysLeft} days overdue` : `${d.daysLeft} days left`}
                    </Tag>
                  }
                >
                  <List.Item.Meta title={d.name} description={`Expires ${formatDate(d.expiryDate)}`} />
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="History" style={{ height: '100%' }}>
            <List
              dataSource={data.history.slice(0, 8)}
              locale={{ emptyText: emptyText('Nothing recorded yet') }}
              renderItem={(h) => (
                <List.Item>
                  <List.Item.Meta title={h.event} description={`${formatDate(h.at)}${h.note ? ` · ${h.note}` : ''}`} />
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}

function Shield({ data }: { data: ComplianceOverview }) {
  const { token } = theme.useToken();
  const color =
    data.label === 'Excellent' ? token.colorSuccess : data.label === 'Good' ? token.colorPrimary : token.colorWarning;
  return (
    <Card
      title={
        <Flex gap={8}>
          <SafetyCertificateOutlined />
          Compliance Shield
        </Flex>
      }
      style={{ height: '100%' }}
    >
      <Flex gap={24} align="center" wrap>
        <Flex vertical align="center" gap={4}>
          <Progress type="circle" percent={data.score} strokeColor={color} aria-label="Compliance score" />
          <Typography.Text strong style={{ color }}>
            {data.label}
          </Typography.Text>
        </Flex>
        <List
          size="small"
          style={{ flex: 1, minWidth: 200 }}
          dataSource={data.checks}
          renderItem={(c) => (
            <List.Item extra={<Tag color={checkColors[c.status]}>{checkStatusLabel(c.status)}</Tag>}>
              {c.name}
            </List.Item>
          )}
        />
      </Flex>
    </Card>
  );
}

function QuickActions({ data }: { data: ComplianceOverview }) {
  const assets = useQuery(assetsQuery);
  const [assetId, setAssetId] = useState<string | undefined>();
  const chosen = assetId ?? assets.data?.[0]?.id;
  const toast = useToast();
  const queryClient = useQueryClient();
  const review = useMutation({
    mutationFn: async () => {
      await requestComplianceReview();
      await refreshAfterWrite(queryClient, complianceQuery, dashboardStatsQuery);
    },
    onSuccess: () => toast.success('Review Requested', 'Our compliance team will review your checks and be in touch.'),
    onError: (error) => toast.error('Error', describeError(error)),
  });
  return (
    <Card title="Quick Actions" style={{ height: '100%' }}>
      <Flex vertical gap={12}>
        <Button
          icon={<DownloadOutlined />}
          href="/api/compliance/report.pdf"
          block
          style={{ justifyContent: 'flex-start' }}
        >
          Download Compliance Report
        </Button>
        <Flex gap={8} wrap>
          <Select
            style={{ flex: 1, minWidth: 180 }}
            placeholder="Choose an asset"
            value={chosen}
            onChange={setAssetId}
            options={(assets.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
            aria-label="Asset for the PDS"
          />
          <WhyDisabled reason={chosen ? null : 'Add an asset first: the PDS is drafted from its record'}>
            <Button
              icon={<FileProtectOutlined />}
              disabled={!chosen}
              href={chosen ? `/api/assets/${encodeURIComponent(chosen)}/pds.pdf` : undefined}
            >
              Generate PDS Document
            </Button>
          </WhyDisabled>
        </Flex>
        {data.openRequest ? (
          <Alert
            type="info"
            showIcon
            title="Compliance review requested"
            // The toast on asking says the team will be in touch; this says where the review stands.
            description={`Requested ${formatDate(data.openRequest.requestedAt)}; ${data.openRequest.recorded.length} of 4 checks recorded so far.`}
          />
        ) : (
          <Button type="primary" loading={review.isPending} onClick={() => review.mutate()}>
            Request Compliance Review
          </Button>
        )}
      </Flex>
    </Card>
  );
}
