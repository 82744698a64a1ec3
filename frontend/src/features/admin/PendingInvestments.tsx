import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Table, Typography } from 'antd';
import { describeError } from '../../api/client';
import { settleInvestment } from '../../api/mutations';
import { offeringsQuery, pendingInvestmentsQuery } from '../../api/queries';
import { refreshAfterWrite } from '../../api/queryClient';
import type { Holding } from '../../api/types';
import { formatCount, formatDate, formatPayment } from '../format';
import { useToast } from '../toast';

/**
 * Investments the settlement rule left pending (NZD 100,000 or more): confirm once the funds have cleared
 * and the enhanced AML/CFT checks are done, or cancel to release the tokens.
 */
export function PendingInvestments() {
  const { data, isPending } = useQuery(pendingInvestmentsQuery);
  const toast = useToast();
  const queryClient = useQueryClient();
  const settle = useMutation({
    mutationFn: ({ holding, confirm }: { holding: Holding; confirm: boolean }) =>
      settleInvestment(
        holding.offeringId,
        holding.id,
        confirm ? { confirm: true } : { confirm: false, reason: 'Funds did not clear' },
      ),
    onSuccess: async (_, { confirm }) => {
      toast.success(
        confirm ? 'Investment Confirmed' : 'Investment Cancelled',
        confirm ? 'The holding is confirmed.' : 'The tokens are released.',
      );
      await refreshAfterWrite(queryClient, pendingInvestmentsQuery, offeringsQuery);
    },
    onError: (e) => toast.error('Error', describeError(e)),
  });
  return (
    <Card title="Pending Investments">
      <Typography.Paragraph type="secondary">
        Investments of NZD 100,000 or more wait here until the funds clear and the enhanced AML/CFT checks are done.
      </Typography.Paragraph>
      <Table<Holding>
        rowKey="id"
        size="small"
        loading={isPending}
        dataSource={data?.investments ?? []}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: 'Nothing waiting' }}
        columns={[
          {
            title: 'Investment',
            dataIndex: 'id',
            render: (id: string) => <Typography.Text code>{id.slice(-8)}</Typography.Text>,
          },
          { title: 'Tokens', dataIndex: 'tokensHeld', render: (n: number) => formatCount(n) },
          { title: 'Amount', dataIndex: 'purchasePrice', render: (p: string) => formatPayment(Number(p)) },
          { title: 'Requested', dataIndex: 'purchaseDate', render: (d: string) => formatDate(d) },
          {
            title: 'Decision',
            render: (_, h) => (
              <Flex gap={8}>
                <Button size="small" type="primary" onClick={() => settle.mutate({ holding: h, confirm: true })}>
                  Confirm
                </Button>
                <Button size="small" danger onClick={() => settle.mutate({ holding: h, confirm: false })}>
                  Cancel
                </Button>
              </Flex>
            ),
          },
        ]}
      />
    </Card>
  );
}
