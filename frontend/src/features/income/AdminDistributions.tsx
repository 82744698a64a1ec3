import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Input, Space, Tag, Typography } from 'antd';
import { ScrollTable } from '../../shared/ui/ScrollTable';
import { useState } from 'react';
import { OWN_REQUEST_REASON } from '@kauri/messages';
import { describeError, errorTitle } from '../../api/client';
import {
  approveDistribution,
  confirmDirectCredit,
  retryDistributionRefund,
  startDistributionPayment,
} from '../../api/mutations';
import { adminDistributionsQuery, directCreditUrl } from '../../api/queries';
import type { DistributionSummary, IncomeKind, User } from '../../api/types';
import { formatDate } from '../../shared/format';
import { useToast } from '../../shared/toast';
import { KIND_LABELS, nzd, STATUS_COLOURS, STATUS_LABELS } from './money';
import { WithheldTax } from './WithheldTax';

/**
 * /admin/distributions: approve owners' distributions (never one's own: four eyes), start the payment run of a
 * funded one, download its direct-credit file and confirm the bank's run.
 */
export function AdminDistributions({ user }: { user: User }) {
  const list = useQuery(adminDistributionsQuery);
  const client = useQueryClient();
  const toast = useToast();
  const [fromAccount, setFromAccount] = useState('');
  const [reference, setReference] = useState('');
  const act = useMutation({
    mutationFn: async ({ run, title }: { run: () => Promise<unknown>; title: string }) => {
      await run();
      return title;
    },
    onSuccess: async (title) => {
      await client.invalidateQueries({ queryKey: ['/api/admin/distributions'] });
      void toast.success(title);
    },
    onError: (error) => void toast.error(errorTitle(error, 'Not Done'), describeError(error)),
  });
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200, margin: '0 auto', padding: 16 }}>
      <Typography.Title level={1} style={{ margin: 0 }}>
        Distributions
      </Typography.Title>
      <Space wrap>
        <Input
          aria-label="Pay from account"
          placeholder="Pay from account 02-0100-0123454-00"
          value={fromAccount}
          onChange={(e) => setFromAccount(e.target.value)}
          style={{ width: 280 }}
        />
        <Input
          aria-label="Bank run reference"
          placeholder="Bank run reference"
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          style={{ width: 220 }}
        />
      </Space>
      <ScrollTable<DistributionSummary>
        size="small"
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.distributions ?? []}
        pagination={false}
        scroll={{ x: true }}
        columns={[
          { title: 'Asset', dataIndex: 'assetName' },
          { title: 'Owner', dataIndex: 'ownerName' },
          { title: 'Kind', dataIndex: 'kind', render: (k: IncomeKind) => KIND_LABELS[k] },
          { title: 'Amount', dataIndex: 'amount', align: 'right', render: nzd },
          { title: 'Holders', dataIndex: 'holders', align: 'right' },
          { title: 'Record date', dataIndex: 'recordDate', render: (d: string) => formatDate(d) },
          { title: 'Payment date', dataIndex: 'paymentDate', render: (d: string) => formatDate(d) },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (s: DistributionSummary['status']) => <Tag color={STATUS_COLOURS[s]}>{STATUS_LABELS[s]}</Tag>,
          },
          {
            title: '',
            key: 'actions',
            render: (_, d) => {
              switch (d.status) {
                case 'proposed':
                  return d.ownerId === user.id ? (
                    <Typography.Text type="secondary">{OWN_REQUEST_REASON}</Typography.Text>
                  ) : (
                    <Button
                      size="small"
                      type="primary"
                      onClick={() =>
                        act.mutate({ run: () => approveDistribution(d.id), title: 'Distribution Approved' })
                      }
                    >
                      Approve
                    </Button>
                  );
                case 'funded':
                  return (
                    <Button
                      size="small"
                      onClick={() =>
                        act.mutate({ run: () => startDistributionPayment(d.id), title: 'Payment Started' })
                      }
                    >
                      Start payment
                    </Button>
                  );
                case 'paying':
                  return (
                    <Space>
                      <Button
                        size="small"
                        disabled={!fromAccount}
                        href={fromAccount ? directCreditUrl(d.id, fromAccount) : undefined}
                        download
                      >
                        Direct-credit file
                      </Button>
                      <Button
                        size="small"
                        disabled={!reference.trim()}
                        onClick={() =>
                          act.mutate({ run: () => confirmDirectCredit(d.id, reference), title: 'Bank Run Confirmed' })
                        }
                      >
                        Confirm bank run
                      </Button>
                    </Space>
                  );
                case 'cancelled':
                  switch (d.refund.status) {
                    case 'refunded':
                      return <Tag color="green">Refunded {nzd(d.refundDue)}</Tag>;
                    case 'pending':
                    case 'failed':
                      return (
                        <Space>
                          <Typography.Text type="danger">
                            {d.refund.status === 'failed'
                              ? `Refund failed: ${d.refund.failure ?? ''}`
                              : `Refund of ${nzd(d.refundDue)} pending`}
                          </Typography.Text>
                          <Button
                            size="small"
                            onClick={() =>
                              act.mutate({ run: () => retryDistributionRefund(d.id), title: 'Refund Made' })
                            }
                          >
                            Retry refund
                          </Button>
                        </Space>
                      );
                    case 'none':
                      return null;
                    default: {
                      const _exhaustive: never = d.refund.status;
                      return _exhaustive;
                    }
                  }
                case 'paid':
                  return d.recordCheckBlock === null ? null : (
                    <Typography.Text type="secondary">Holders checked at block {d.recordCheckBlock}</Typography.Text>
                  );
                case 'approved':
                  return null;
                default: {
                  const _exhaustive: never = d.status;
                  return _exhaustive;
                }
              }
            },
          },
        ]}
      />
      <WithheldTax user={user} />
    </Flex>
  );
}
