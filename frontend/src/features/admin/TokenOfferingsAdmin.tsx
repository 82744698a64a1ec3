import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import {
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Progress,
  Row,
  Select,
  Tag,
  Typography,
} from 'antd';
import { ERROR_TITLES, FILL_IN_REQUIRED, OWN_REQUEST_REASON } from '@kauri/messages';
import { describeError, errorTitle } from '../../api/client';
import { closeOffering, createOffering } from '../../api/mutations';
import { adminCountersQuery, approvedAssetsQuery, assetsQuery, offeringsQuery, registerQuery } from '../../api/queries';
import { refreshAfterWrite } from '../../api/queryClient';
import type { OfferingCard, OfferingInput } from '../../api/types';
import { formatCount, formatPayment, groupedWholeNumber } from '../../shared/format';
import { showFieldErrors } from '../../shared/fieldErrors';
import { useToast } from '../../shared/toast';
import { PendingInvestments } from './PendingInvestments';
import { OwnRequestNote, useOwnRequest } from './ownRequest';
import { ScrollTable } from '../../shared/ui/ScrollTable';
import { offeringStatusLabel } from '../../shared/labels';

const OFFERING_FIELDS = [
  'assetId',
  'name',
  'description',
  'totalTokens',
  'tokenPrice',
  'minimumInvestment',
  'lockupPeriod',
] as const;

/** The refusal of an offering larger than what the owner still retains, naming how many tokens are free. */
export const offeringTooLargeMessage = (free: number, supply: number) =>
  free <= 0
    ? `No tokens are free: all ${formatCount(supply)} are already allocated`
    : `Only ${formatCount(free)} of ${formatCount(supply)} tokens are free for an offering`;

/**
 * Admin tab: create an offering for an approved asset (docs/specification.md §5 messages) — never of more tokens than the owner
 * still retains, which the form shows and refuses (naming how many are free) without changing what was typed —
 * and the offerings with their progress.
 */
export function TokenOfferingsAdmin() {
  const offerings = useQuery(offeringsQuery);
  const assets = useQuery(approvedAssetsQuery);
  const isOwn = useOwnRequest();
  const [form] = Form.useForm<OfferingInput>();
  const assetId = Form.useWatch('assetId', form);
  // Read afresh whenever an asset is picked: holders and other offerings take tokens without this page knowing.
  const register = useQuery({ ...registerQuery(assetId ?? ''), enabled: !!assetId, staleTime: 0 });
  const available = assetId ? register.data?.totals.ownerRetained : undefined;
  // The price is the register's token price now (the asset's value over its current supply, the one figure every
  // page shows), once the register is read, unless the admin has typed one.
  const priceNow = assetId ? register.data?.tokenPriceNow : undefined;
  useEffect(() => {
    if (priceNow != null && !form.isFieldTouched('tokenPrice'))
      form.setFieldsValue({ tokenPrice: priceNow.toFixed(2) });
  }, [priceNow, form]);
  // A register read after the tokens were typed: check them again against what is free now.
  useEffect(() => {
    if (available !== undefined && form.getFieldValue('totalTokens') !== undefined)
      void form.validateFields(['totalTokens']).catch(() => undefined);
  }, [available, form]);
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
      await refreshAfterWrite(queryClient, offeringsQuery, adminCountersQuery, assetsQuery);
    },
    onSuccess: () => {
      form.resetFields();
      toast.success('Offering Created');
    },
    onError: (e) => {
      showFieldErrors(form, e, OFFERING_FIELDS);
      // What is left may have changed since the form read it.
      void refreshAfterWrite(queryClient, assetsQuery);
      toast.error(errorTitle(e, ERROR_TITLES.creationFailed), describeError(e) || 'Failed to create offering');
    },
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
      return toast.error(ERROR_TITLES.missingFields, FILL_IN_REQUIRED);
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
                loading={assets.isFetching}
                // An admin's own asset is offered by another admin (four eyes): listed, not chosen.
                options={(assets.data ?? []).map((a) =>
                  isOwn(a.ownerId)
                    ? { value: a.id, label: `${a.name} — ${OWN_REQUEST_REASON}`, disabled: true }
                    : { value: a.id, label: a.name },
                )}
                notFoundContent={assets.isFetching ? 'Loading…' : 'No approved assets yet'}
                // Another admin (or another tab) may have approved one since this list was read.
                onOpenChange={(open) => open && void assets.refetch()}
                // A new asset: its price is prefilled afresh from its own register.
                onChange={() => form.setFields([{ name: 'tokenPrice', value: undefined, touched: false }])}
              />
            </Form.Item>
            <Form.Item name="name" label="Offering Name">
              <Input />
            </Form.Item>
            <Form.Item name="description" label="Description">
              <Input.TextArea rows={2} />
            </Form.Item>
            <Row gutter={8}>
              <Col span={24}>
                <Form.Item
                  name="totalTokens"
                  label="Total Tokens"
                  rules={[
                    {
                      validator: (_, value: number | undefined) =>
                        value === undefined || value === null || available === undefined || !register.data
                          ? Promise.resolve()
                          : value > available
                            ? Promise.reject(
                                new Error(offeringTooLargeMessage(Math.max(available, 0), register.data.supply)),
                              )
                            : Promise.resolve(),
                    },
                  ]}
                  extra={
                    available !== undefined &&
                    register.data && (
                      <Typography.Text type="secondary" aria-label="Available tokens">
                        {formatCount(Math.max(available, 0))} of {formatCount(register.data.supply)} tokens available
                      </Typography.Text>
                    )
                  }
                >
                  <InputNumber {...groupedWholeNumber} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="tokenPrice" label="Token Price (NZD)">
                  <InputNumber step={0.01} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="minimumInvestment" label="Minimum Investment (NZD)">
                  <InputNumber style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="lockupPeriod" label="Lock-up (days)">
                  <InputNumber style={{ width: '100%' }} />
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
          <ScrollTable<OfferingCard>
            rowKey="id"
            size="small"
            loading={offerings.isPending}
            dataSource={offerings.data?.offerings ?? []}
            scroll={{ x: true }}
            pagination={false}
            locale={{ emptyText: 'No Active Offerings' }}
            columns={[
              {
                title: 'Name',
                render: (_, o) => (
                  <Flex vertical>
                    <Link to="/token-offerings/$offeringId" params={{ offeringId: o.id }}>
                      {o.name}
                    </Link>
                    {o.asset && (
                      <Link to="/assets/$assetId" params={{ assetId: o.asset.id }}>
                        <Typography.Text type="secondary">{o.asset.name}</Typography.Text>
                      </Link>
                    )}
                  </Flex>
                ),
              },
              { title: 'Price', dataIndex: 'tokenPrice', render: (p: string) => formatPayment(Number(p)) },
              { title: 'Issued', render: (_, o) => `${formatCount(o.tokensIssued)} / ${formatCount(o.totalTokens)}` },
              {
                title: 'Progress',
                render: (_, o) => (
                  <Progress
                    percent={Math.round((o.tokensIssued / o.totalTokens) * 1000) / 10}
                    size="small"
                    aria-label={`${o.name}: tokens issued`}
                  />
                ),
              },
              { title: 'Raised', dataIndex: 'fundsRaised', render: (f: string) => formatPayment(Number(f)) },
              {
                title: 'Status',
                dataIndex: 'status',
                render: (s: string) => <Tag color={s === 'active' ? 'green' : 'default'}>{offeringStatusLabel(s)}</Tag>,
              },
              {
                title: '',
                render: (_, o) =>
                  o.status === 'active' &&
                  (isOwn(o.ownerId) ? (
                    <OwnRequestNote />
                  ) : (
                    <Popconfirm
                      title="Close this offering?"
                      description="No further investments will be accepted."
                      okText="Close Offering"
                      onConfirm={() => close.mutateAsync(o.id).catch(() => undefined)}
                    >
                      <Button size="small">Close</Button>
                    </Popconfirm>
                  )),
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
