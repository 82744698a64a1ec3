import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Grid,
  Input,
  InputNumber,
  Radio,
  Row,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { HOLDER_MESSAGES } from '@kauri/messages';
import { ApiError, describeError, errorTitle } from '../../api/client';
import { requestSupplyChange } from '../../api/mutations';
import { registerQuery } from '../../api/queries';
import type { SupplyChange } from '../../api/types';
import { formatCount, formatDate, groupedWholeNumber } from '../format';
import { useToast } from '../toast';
import { useAssetRefresh } from '../../api/useAssetRefresh';
import { dilutionText } from './supply';

interface ChangeForm {
  direction: 'issue' | 'cancel';
  tokens: number;
  reason: string;
}

const STATUS_COLOR: Record<SupplyChange['status'], string> = { pending: 'gold', approved: 'green', rejected: 'red' };
const STATUS_LABEL: Record<SupplyChange['status'], string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/**
 * Where an asset's tokens are — supply, retained by the owner, held off-platform, offered, issued to investors —
 * and the owner's requests to issue more or cancel unissued ones, with the dilution each implies; an admin decides.
 */
export function SupplyPanel({ assetId, editable }: { assetId: string; editable: boolean }) {
  const { data, error, isPending } = useQuery(registerQuery(assetId));
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<ChangeForm>();
  const direction = Form.useWatch('direction', form) ?? 'issue';
  const tokens = Form.useWatch('tokens', form);
  const toast = useToast();
  const refresh = useAssetRefresh();
  const request = useMutation({
    mutationFn: async (values: ChangeForm) => {
      const delta = values.direction === 'issue' ? values.tokens : -values.tokens;
      await requestSupplyChange(assetId, { delta, reason: values.reason.trim() });
      await refresh();
    },
    onSuccess: () => {
      form.resetFields();
      toast.success('Supply Change Requested', 'An admin reviews the request; the supply changes once approved.');
    },
    onError: (e) => {
      // The server names the signed delta; the form asks for a count of tokens.
      if (e instanceof ApiError)
        form.setFields(
          e.fieldErrors
            .filter((f) => f.field === 'delta' || f.field === 'reason')
            .map((f) => ({ name: f.field === 'delta' ? 'tokens' : 'reason', errors: [f.message] })),
        );
      toast.error(errorTitle(e, 'Error'), describeError(e));
    },
  });
  if (error)
    return <Alert type="error" showIcon title="Failed to load the register." description={describeError(error)} />;
  const totals = data?.totals;
  const delta = typeof tokens === 'number' ? (direction === 'issue' ? tokens : -tokens) : 0;
  const dilution = totals ? dilutionText(totals.supply, delta) : null;
  const pending = (data?.supplyChanges ?? []).some((c) => c.status === 'pending');

  return (
    <Row gutter={[16, 16]}>
      {[
        { title: 'Total supply', value: totals?.supply },
        { title: 'Owner retained', value: totals?.ownerRetained },
        { title: 'Off-platform holders', value: totals?.offPlatform },
        { title: 'Offered, not yet sold', value: totals?.unsold },
        { title: 'Issued to investors', value: totals?.issued },
      ].map((s) => (
        <Col key={s.title} xs={12} md={8} xl={4}>
          <Statistic
            title={s.title}
            value={s.value ?? 0}
            loading={isPending}
            formatter={(v) => formatCount(Number(v))}
          />
        </Col>
      ))}
      {editable && (
        <Col xs={24} lg={10}>
          <Card size="small" title="Request a supply change">
            {data?.status !== 'active' ? (
              <Typography.Text type="secondary">
                Supply can change only once the tokenization is approved.
              </Typography.Text>
            ) : (
              <Form
                form={form}
                name="supply-change"
                layout="vertical"
                initialValues={{ direction: 'issue' }}
                onFinish={(values) => request.mutate(values)}
              >
                <Form.Item name="direction" label="Change">
                  <Radio.Group
                    block
                    optionType="button"
                    options={[
                      { value: 'issue', label: 'Issue tokens' },
                      { value: 'cancel', label: 'Cancel tokens' },
                    ]}
                  />
                </Form.Item>
                <Form.Item
                  name="tokens"
                  label="Tokens"
                  extra={
                    direction === 'cancel'
                      ? `Only the owner's ${formatCount(totals?.ownerRetained ?? 0)} retained tokens can be cancelled.`
                      : undefined
                  }
                  rules={[{ required: true, type: 'number', min: 1, message: 'Enter a whole number of tokens' }]}
                >
                  <InputNumber min={1} {...groupedWholeNumber} style={{ width: '100%' }} />
                </Form.Item>
                {dilution && (
                  <Alert
                    type={delta > 0 ? 'warning' : 'info'}
                    showIcon
                    title={dilution}
                    description={`Supply after approval: ${formatCount((totals?.supply ?? 0) + delta)} tokens.`}
                    style={{ marginBottom: 16 }}
                  />
                )}
                <Form.Item
                  name="reason"
                  label="Reason"
                  rules={[{ required: true, whitespace: true, message: HOLDER_MESSAGES.reason }]}
                >
                  <Input.TextArea rows={2} maxLength={1000} />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={request.isPending}>
                  Request Supply Change
                </Button>
              </Form>
            )}
          </Card>
        </Col>
      )}
      <Col xs={24} lg={editable ? 14 : 24}>
        <Card size="small" title="Supply changes" extra={pending && <Tag color="gold">Awaiting an admin</Tag>}>
          <Table<SupplyChange>
            rowKey="changeId"
            size="small"
            pagination={false}
            scroll={screens.sm ? { x: 'max-content' } : undefined}
            dataSource={[...(data?.supplyChanges ?? [])].reverse()}
            locale={{ emptyText: 'No supply changes yet' }}
            columns={[
              ...(screens.sm
                ? [{ title: 'Requested', dataIndex: 'requestedAt', render: (at: string) => formatDate(at) }]
                : []),
              {
                title: 'Change',
                dataIndex: 'delta',
                render: (d: number, c) => (
                  <Flex vertical>
                    {`${d > 0 ? 'Issue' : 'Cancel'} ${formatCount(Math.abs(d))}`}
                    {/* A phone has no room for the reason and date columns. */}
                    {!screens.sm && (
                      <Typography.Text type="secondary">
                        {c.reason} · {formatDate(c.requestedAt)}
                      </Typography.Text>
                    )}
                  </Flex>
                ),
              },
              ...(screens.sm ? [{ title: 'Reason', dataIndex: 'reason' }] : []),
              {
                title: 'Status',
                render: (_, c) => (
                  <>
                    <Tag color={STATUS_COLOR[c.status]}>{STATUS_LABEL[c.status]}</Tag>
                    {c.decisionReason && <Typography.Text type="secondary">{c.decisionReason}</Typography.Text>}
                    {c.supplyAfter !== null && (
                      <Typography.Text type="secondary">supply {formatCount(c.supplyAfter)}</Typography.Text>
                    )}
                  </>
                ),
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
