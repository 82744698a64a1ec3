import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, Form, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { ERROR_TITLES, minimumInvestmentMessage } from '@kauri/messages';
import { describeError, errorTitle } from '../../api/client';
import { invest } from '../../api/mutations';
import { activitiesQuery, holdingsQuery, investmentsQuery, offeringsQuery } from '../../api/queries';
import { refreshAfterWrite } from '../../api/queryClient';
import type { Offering } from '../../api/types';
import { formatCount, formatPayment } from '../format';
import { useToast } from '../toast';

/** 'Invest Now' (spec §2, §5): tokens and amount; the amount follows the tokens at the offering's price. */
export function InvestDialog({ offering, onClose }: { offering: Offering; onClose(): void }) {
  const price = Number(offering.tokenPrice);
  const minimum = Number(offering.minimumInvestment);
  const left = offering.totalTokens - offering.tokensIssued - offering.tokensReserved;
  const [tokens, setTokens] = useState<number | null>(null);
  const [amount, setAmount] = useState<number | null>(null);
  const toast = useToast();
  const queryClient = useQueryClient();
  const submit = useMutation({
    mutationFn: async () => {
      const result = await invest({
        offeringId: offering.id,
        tokensRequested: Math.trunc(tokens!),
        investmentAmount: amount!,
      });
      await refreshAfterWrite(queryClient, holdingsQuery, offeringsQuery, investmentsQuery, activitiesQuery);
      return result;
    },
    onSuccess: (result) => {
      toast.success(
        'Investment Submitted',
        result.status === 'pending'
          ? 'Your token investment has been submitted for processing. Investments of NZD 100,000 or more are confirmed once funds clear.'
          : 'Your token investment has been submitted for processing.',
      );
      setTokens(null);
      setAmount(null);
      onClose();
    },
    onError: (error) =>
      toast.error(
        errorTitle(error, ERROR_TITLES.investmentFailed),
        describeError(error) || 'Failed to submit investment',
      ),
  });

  const confirm = () => {
    if (amount! < minimum) {
      toast.error(ERROR_TITLES.investmentTooSmall, minimumInvestmentMessage(formatPayment(minimum).replace('$', '')));
      return;
    }
    submit.mutate();
  };

  return (
    <Modal
      open
      title={`Invest in ${offering.name}`}
      okText="Confirm Investment"
      okButtonProps={{ disabled: !tokens || !amount, loading: submit.isPending }}
      onOk={confirm}
      onCancel={onClose}
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Token price">{formatPayment(price)}</Descriptions.Item>
        <Descriptions.Item label="Minimum investment">{formatPayment(minimum)}</Descriptions.Item>
        <Descriptions.Item label="Tokens available">{formatCount(left)}</Descriptions.Item>
        <Descriptions.Item label="Lock-up">{offering.lockupPeriod} days</Descriptions.Item>
      </Descriptions>
      <Form layout="vertical" name="invest">
        <Form.Item label="Number of Tokens">
          <InputNumber
            min={1}
            max={left}
            precision={0}
            value={tokens}
            onChange={(v) => {
              setTokens(v);
              setAmount(v ? Math.round(v * price * 100) / 100 : null);
            }}
            style={{ width: '100%' }}
            aria-label="Number of Tokens"
          />
        </Form.Item>
        <Form.Item label="Investment Amount (NZD)">
          <InputNumber
            value={amount}
            onChange={setAmount}
            min={0}
            style={{ width: '100%' }}
            aria-label="Investment Amount (NZD)"
          />
        </Form.Item>
      </Form>
      <Alert
        type="info"
        showIcon
        title="Wholesale offer"
        description="This offer is made only to wholesale investors under the FMC Act 2013, Schedule 1. No product disclosure statement is required."
      />
    </Modal>
  );
}
