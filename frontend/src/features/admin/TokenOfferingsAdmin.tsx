import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, InputNumber, Popconfirm, Progress, Row, Select, Table, Tag } from 'antd';
import { describeError, errorTitle } from '../../api/client';
import { closeOffering, createOffering } from '../../api/mutations';
import { adminCountersQuery, approvedAssetsQuery, offeringsQuery } from '../../api/queries';
import { refreshAfterWrite } from '../../api/queryClient';
import type { Offering, OfferingInput } from '../../api/types';
import { formatCount, formatPayment } from '../format';
import { useToast } from '../toast';
import { PendingInvestments } from './PendingInvestments';

/** Admin tab: create an offering for an approved asset (spec §5 messages), and the offerings with their progress. */
export function TokenOfferingsAdmin() {
  const offerings = useQuery(offeringsQuery);
  const assets = useQuery(approvedAssetsQuery);
  const [form] = Form.useForm<OfferingInput>();
  const toast = useToast();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: async (values: OfferingInput) => {
      await createOffering({
        ...values,
        totalTokens: Math.trunc(values.totalTokens),
        lockupPeriod: values.lockupPeriod === undefined ? undefined : Math.trunc(values.lockupPeriod),
        tokenPrice: String(values.tokenPrice),
        minimumInvestment: values.minimumInvestment === undefined ? undefined : String(values.minimumInvestment),
      });
      await refreshAfterWrite(queryClient, offeringsQuery, adminCountersQuery);
    },
    onSuccess: () => {
      form.resetFields();
      toast.success('Offering Created');
    },
    onError: (e) => toast.error(errorTitle(e, 'Creation Failed'), describeError(e) || 'Failed to create offering'),
  });
  const close = useMutation({
    mutationFn: async (offeringId: string) => {
      await closeOffering(offeringId);
      await refreshAfterWrite(queryClient, offeringsQuery, adminCountersQuery);
    },
    onSuccess: () => toast.success('Offering Closed'),
    onError: (e) => toast.error('Error', describeError(e)),
  });
  const submit = (values: OfferingInput) => {
    if (!values.name?.trim() || !values.totalTokens || !values.tokenPrice)
      return toast.error('Missing Fields', 'Please fill in all required fields');
    create.mutate(values);
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9}>
        <Card title="Create Offering">
          <Form
            form={form}
            name="create-offering"
            layout="vertical"
            onFinish={submit}
            initialValues={{ lockupPeriod: 365 }}
          >
            <Form.Item name="assetId" label="Approved Asset">
              <Select
                placeholder="Select asset"
                options={(assets.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
                notFoundContent="No approved assets yet"
              />
            </Form.Item>
            <Form.Item name="name" label="Offering Name">
              <Input />
            </Form.Item>
            <Form.Item name="description" label="Description">
              <Input.TextArea rows={2} />
            </Form.Item>
            <Row gutter={8}>
              <Col span={12}>
                <Form.Item name="totalTokens" label="Total Tokens">
                  <InputNumber min={1} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="tokenPrice" label="Token Price (NZD)">
                  <InputNumber min={0.01} step={0.01} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="minimumInvestment" label="Minimum Investment (NZD)">
                  <InputNumber min={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="lockupPeriod" label="Lock-up (days)">
                  <InputNumber min={0} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
            <Button type="primary" htmlType="submit" loading={create.isPending}>
              Create Offering
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Card title="Offerings">
          <Table<Offering>
            rowKey="id"
            size="small"
            loading={offerings.isPending}
            dataSource={offerings.data?.offerings ?? []}
            scroll={{ x: true }}
            pagination={false}
            locale={{ emptyText: 'No Active Offerings' }}
            columns={[
              { title: 'Name', dataIndex: 'name' },
              { title: 'Price', dataIndex: 'tokenPrice', render: (p: string) => formatPayment(Number(p)) },
              { title: 'Issued', render: (_, o) => `${formatCount(o.tokensIssued)} / ${formatCount(o.totalTokens)}` },
              {
                title: 'Progress',
                render: (_, o) => (
                  <Progress percent={Math.round((o.tokensIssued / o.totalTokens) * 1000) / 10} size="small" />
                ),
              },
              { title: 'Raised', dataIndex: 'fundsRaised', render: (f: string) => formatPayment(Number(f)) },
              {
                title: 'Status',
                dataIndex: 'status',
                render: (s: string) => <Tag color={s === 'active' ? 'green' : 'default'}>{s}</Tag>,
              },
              {
                title: '',
                render: (_, o) =>
                  o.status === 'active' && (
                    <Popconfirm
                      title="Close this offering?"
                      description="No further investments will be accepted."
                      okText="Close Offering"
                      onConfirm={() => close.mutateAsync(o.id).catch(() => undefined)}
                    >
                      <Button size="small">Close</Button>
                    </Popconfirm>
                  ),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24}>
        <PendingInvestments />
      </Col>
    </Row>
  );
}
