import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, Form, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { ERROR_TITLES, minimumInvestmentMessage, SETTLEMENT_MESSAGES, SETTLEMENT_THRESHOLD_NZD } from '@kauri/messages';
import { describeError, errorTitle } from '../../api/client';
import { invest } from '../../api/mutations';
import { activitiesQuery, holdingsQuery, investmentsQuery, offeringsQuery } from '../../api/queries';
import { refreshAfterWrite } from '../../api/queryClient';
import type { Offering } from '../../api/types';
import { formatCount, formatPayment } from '../../shared/format';
import { useToast } from '../../shared/toast';

/** The refusal of more tokens than an offering has free, naming how many are. */
export const tokensFreeMessage = (free: number) =>
  free <= 0
    ? 'No tokens are free in this offering'
    : `Only ${formatCount(free)} ${free === 1 ? 'token is' : 'tokens are'} free in this offering`;

/** The refusal of more than the asset's terms allow one investor, naming the limit. */
export const investorLimitMessage = (limit: number) =>
  `The most one investor may put into this asset is ${formatPayment(limit)}`;

/** 'Invest Now' (docs/specification.md §2, §5): tokens and amount; the amount follows the tokens at the offering's price. */
export function InvestDialog({
  offering,
  onClose,
}: {
  /** With its asset (an offering card), the asset's per-investor limit is checked here too. */
  offering: Offering & { asset?: { terms: { maxInvestment: number } | null } | null };
  onClose(): void;
}) {
  const price = Number(offering.tokenPrice);
  const minimum = Number(offering.minimumInvestment);
  const limit = offering.asset?.terms?.maxInvestment;
  const left = offering.totalTokens - offering.tokensIssued - offering.tokensReserved;
  const [tokens, setTokens] = useState<number | null>(null);
  const [amount, setAmount] = useState<number | null>(null);
  // The server's reason for a refusal (tokens taken meanwhile, a limit), shown beside the fields as well as in the toast.
  const [refusal, setRefusal] = useState<string | null>(null);
  // What was typed is kept as typed (no clamping or rounding): a count that cannot be is refused, saying why — more
  // tokens than are free names the number that is free.
  const tokensError =
    tokens === null
      ? null
      : !Number.isInteger(tokens) || tokens < 1
        ? 'Enter a whole number of tokens, at least 1'
        : tokens > left
          ? tokensFreeMessage(left)
          : null;
  const amountError =
    amount === null
      ? null
      : amount <= 0
        ? 'Enter an amount above NZD 0'
        : limit !== undefined && amount > limit
          ? investorLimitMessage(limit)
          : null;
  const refused = !!tokensError || !!amountError;
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
          ? [
              'Your token investment has been submitted for processing.',
              SETTLEMENT_MESSAGES.pending,
              // Under the threshold alone: it waits because linked investments count together (AML/CFT).
              ...(amount! < SETTLEMENT_THRESHOLD_NZD ? [SETTLEMENT_MESSAGES.linked] : []),
            ].join(' ')
          : 'Your token investment has been submitted for processing.',
      );
      setTokens(null);
      setAmount(null);
      onClose();
    },
    onError: (error) => {
      const message = describeError(error) || 'Failed to submit investment';
      setRefusal(message);
      // What is free may have changed since the dialog opened.
      void refreshAfterWrite(queryClient, offeringsQuery);
      toast.error(errorTitle(error, ERROR_TITLES.investmentFailed), message);
    },
  });

  const confirm = () => {
    if (refused) return;
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
      okButtonProps={{ disabled: !tokens || !amount || refused, loading: submit.isPending }}
      onOk={confirm}
      onCancel={onClose}
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Token price">{formatPayment(price)}</Descriptions.Item>
        <Descriptions.Item label="Minimum investment">{formatPayment(minimum)}</Descriptions.Item>
        <Descriptions.Item label="Tokens available">{formatCount(left)}</Descriptions.Item>
        {limit !== undefined && <Descriptions.Item label="Most per investor">{formatPayment(limit)}</Descriptions.Item>}
        <Descriptions.Item label="Lock-up">{offering.lockupPeriod} days</Descriptions.Item>
      </Descriptions>
      <Form layout="vertical" name="invest">
        <Form.Item
          label="Number of Tokens"
          validateStatus={tokensError ? 'error' : undefined}
          help={tokensError ?? undefined}
        >
          <InputNumber
            value={tokens}
            onChange={(v) => {
              setRefusal(null);
              setTokens(v);
              setAmount(v ? Math.round(v * price * 100) / 100 : null);
            }}
            style={{ width: '100%' }}
            aria-label="Number of Tokens"
          />
        </Form.Item>
        <Form.Item
          label="Investment Amount (NZD)"
          validateStatus={amountError ? 'error' : undefined}
          help={amountError ?? undefined}
        >
          <InputNumber
            value={amount}
            onChange={(v) => {
              setRefusal(null);
              setAmount(v);
            }}
            style={{ width: '100%' }}
            aria-label="Investment Amount (NZD)"
          />
        </Form.Item>
      </Form>
      {refusal && (
        <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} aria-label="Investment refused" />
      )}
      <Alert
        type="info"
        showIcon
        title="Wholesale offer"
        description="This offer is made only to wholesale investors under the FMC Act 2013, Schedule 1. No product disclosure statement is required."
      />
    </Modal>
  );
}
