import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Col,
  Flex,
  Grid,
  Input,
  Modal,
  Row,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  theme,
  type TableColumnType,
} from 'antd';
import { lazy, Suspense, useState } from 'react';
import { describeError, errorTitle } from '../../api/client';
import { removeInvestor } from '../../api/mutations';
import { capTableQuery, capTableUrl, registerQuery } from '../../api/queries';
import type { CapTableLine, CapTableLineKind } from '../../api/types';
import { formatCount, formatDate, formatPayment } from '../format';
import { useToast } from '../toast';
import { useAssetRefresh } from '../../api/useAssetRefresh';
import { HolderModal } from './HolderModal';
import { nzToday } from './supply';
import { WhyDisabled } from '../ui/WhyDisabled';
import { ScrollTable } from '../ui/ScrollTable';
import { DateField } from '../ui/DateField';

const CapTableChart = lazy(() => import('./CapTableChart'));

const KIND: Record<CapTableLineKind, { label: string; color: string }> = {
  platform: { label: 'Verified', color: 'green' },
  'off-platform': { label: 'Off-platform', color: 'default' },
  offered: { label: 'Offering', color: 'blue' },
  owner: { label: 'Owner', color: 'gold' },
};

const percentText = (p: number) => `${p.toFixed(2)}%`;

/**
 * One asset's cap table: every holder, the tokens offered and not yet sold, and the owner's retained tokens, so
 * the percentages always add to 100. The owner adds, edits and removes off-platform holders (with a reason);
 * anyone who may see it can replay it as of a past New Zealand date and export it as CSV.
 */
export function CapTable({ assetId, editable }: { assetId: string; editable: boolean }) {
  const { token } = theme.useToken();
  const [asOf, setAsOf] = useState<string | null>(null);
  const table = useQuery(capTableQuery(assetId, asOf));
  const register = useQuery(registerQuery(assetId));
  const [editing, setEditing] = useState<CapTableLine | 'new' | null>(null);
  const [removing, setRemoving] = useState<CapTableLine | null>(null);
  const available = register.data?.totals.ownerRetained ?? 0;
  const today = nzToday();
  const past = asOf !== null;
  // Why a holder cannot be added now, or null when one can.
  const addBlocked = past
    ? 'Investors are added to today’s cap table, not a past one'
    : register.data && available <= 0
      ? `All ${formatCount(register.data.supply)} tokens are allocated: issue more under Supply to add an investor`
      : null;
  const lines = table.data?.lines ?? [];
  const total = lines.reduce((s, l) => s + l.percent, 0);
  const screens = Grid.useBreakpoint();
  const price = table.data?.tokenPrice ?? 0;

  const changeable = (l: CapTableLine) => editable && !past && l.kind === 'off-platform';
  const actions = (l: CapTableLine) => (
    <Space size={0}>
      <Tooltip title="Edit">
        <Button
          type="text"
          size="small"
          icon={<EditOutlined />}
          aria-label={`Edit ${l.name}`}
          onClick={() => setEditing(l)}
        />
      </Tooltip>
      <Tooltip title="Remove">
        <Button
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={`Remove ${l.name}`}
          onClick={() => setRemoving(l)}
        />
      </Tooltip>
    </Space>
  );

  // Built here rather than with antd's `responsive`, so the total row has exactly the cells shown.
  const columns: (TableColumnType<CapTableLine> & { key: string })[] = [
    {
      key: 'holder',
      title: 'Holder',
      render: (_, l) => (
        <Flex vertical>
          <Typography.Text strong={l.kind === 'owner'}>{l.name}</Typography.Text>
          {l.email && (
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
              {l.email}
            </Typography.Text>
          )}
          {/* On a phone the actions sit under the name: a fourth column would not fit. */}
          {!screens.sm && changeable(l) && actions(l)}
        </Flex>
      ),
    },
    ...(screens.sm
      ? [
          {
            key: 'kind',
            title: 'Kind',
            render: (_: unknown, l: CapTableLine) => <Tag color={KIND[l.kind].color}>{KIND[l.kind].label}</Tag>,
          },
        ]
      : []),
    { key: 'tokens', title: 'Tokens', align: 'right', render: (_, l) => formatCount(l.tokens) },
    ...(screens.md
      ? [
          {
            key: 'value',
            title: 'Value',
            align: 'right' as const,
            render: (_: unknown, l: CapTableLine) => formatPayment(Math.round(l.tokens * price * 100) / 100),
          },
        ]
      : []),
    { key: 'percent', title: 'Owned', align: 'right', render: (_, l) => percentText(l.percent) },
    ...(editable && !past && screens.sm
      ? [
          {
            key: 'actions',
            title: '',
            render: (_: unknown, l: CapTableLine) => changeable(l) && actions(l),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="space-between" align="center">
        <Space wrap>
          <DateField
            aria-label="Cap table as of"
            placeholder="As of today"
            value={asOf}
            max={today}
            onChange={(day) => setAsOf(day && day !== today ? day : null)}
          />
          <Button icon={<DownloadOutlined />} href={capTableUrl(assetId, asOf, true)} download>
            Export CSV
          </Button>
        </Space>
        {editable && (
          <Flex vertical align="flex-end" gap={4}>
            <WhyDisabled reason={addBlocked}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={!!addBlocked || !register.data}
                onClick={() => setEditing('new')}
                aria-describedby={addBlocked ? 'add-investor-why' : undefined}
              >
                Add Investor
              </Button>
            </WhyDisabled>
            {/* Said on the page as well as on hover: a phone has no hover. */}
            {addBlocked && (
              <Typography.Text type="secondary" id="add-investor-why">
                {addBlocked}
              </Typography.Text>
            )}
          </Flex>
        )}
      </Flex>
      {past && (
        <Alert
          type="info"
          showIcon
          title={`The cap table at the end of ${formatDate(`${asOf}T12:00:00+12:00`)} (New Zealand time), replayed from the log.`}
          action={
            <Button size="small" onClick={() => setAsOf(null)}>
              Back to today
            </Button>
          }
        />
      )}
      {table.error && (
        <Alert type="error" showIcon title="Failed to load the cap table." description={describeError(table.error)} />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <ScrollTable<CapTableLine>
            rowKey={(l) => `${l.kind}-${l.investorId ?? l.name}`}
            size="small"
            loading={table.isPending}
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={lines}
            aria-label="Cap table"
            columns={columns}
            summary={() =>
              table.data && (
                <Table.Summary.Row>
                  {columns.map((c, i) => (
                    <Table.Summary.Cell key={c.key} index={i} align={c.align}>
                      {c.key === 'holder' && <Typography.Text strong>Total supply</Typography.Text>}
                      {c.key === 'tokens' && <Typography.Text strong>{formatCount(table.data.supply)}</Typography.Text>}
                      {c.key === 'percent' && (
                        <Typography.Text strong aria-label="Total owned">
                          {percentText(Math.round(total * 100) / 100)}
                        </Typography.Text>
                      )}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              )
            }
          />
        </Col>
        <Col xs={24} xl={8}>
          <Suspense fallback={<div style={{ height: 260 }} />}>
            {lines.length > 0 && <CapTableChart lines={lines} />}
          </Suspense>
        </Col>
      </Row>
      {editable && (
        <HolderModal
          // A fresh form for each holder opened: the form's initial values are read once, when it mounts.
          key={editing === 'new' ? 'new' : (editing?.investorId ?? 'closed')}
          assetId={assetId}
          holder={editing === 'new' ? null : editing}
          available={available}
          open={editing !== null}
          onClose={() => setEditing(null)}
        />
      )}
      {editable && <RemoveHolder assetId={assetId} holder={removing} onClose={() => setRemoving(null)} />}
    </Flex>
  );
}

/** Removing a holder asks why: the reason is recorded with the removal. */
function RemoveHolder({ assetId, holder, onClose }: { assetId: string; holder: CapTableLine | null; onClose(): void }) {
  const [reason, setReason] = useState('');
  const toast = useToast();
  const refresh = useAssetRefresh();
  const remove = useMutation({
    mutationFn: async (line: CapTableLine) => {
      await removeInvestor(assetId, line.investorId!, reason.trim());
      await refresh();
    },
    onSuccess: () => {
      setReason('');
      onClose();
      toast.success('Investor Removed', 'Their tokens are back with the owner.');
    },
    onError: (error) => toast.error(errorTitle(error, 'Error'), describeError(error)),
  });
  return (
    <Modal
      open={holder !== null}
      title={`Remove ${holder?.name ?? ''}?`}
      okText="Remove Investor"
      okButtonProps={{ danger: true, disabled: !reason.trim(), loading: remove.isPending }}
      onOk={() => holder && remove.mutate(holder)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={8}>
        <Typography.Text>
          {holder && `${formatCount(holder.tokens)} tokens go back to the owner's retained tokens.`}
        </Typography.Text>
        <Input.TextArea
          rows={2}
          value={reason}
          maxLength={1000}
          onChange={(e) => setReason(e.target.value)}
          placeholder="Why is this holder removed? (recorded in the audit log)"
          aria-label="Reason for removal"
        />
      </Flex>
    </Modal>
  );
}
