import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Tag, theme, Typography } from 'antd';
import { WALLET_ADDRESS_INVALID } from '@kauri/messages';
import { ApiError, describeError } from '../../api/client';
import { registerWallet } from '../../api/mutations';
import { healthQuery, walletQuery } from '../../api/queries';
import { showFieldErrors } from '../register/fieldErrors';
import { useToast } from '../toast';
import { chainName } from './chain';
import { ChainValue } from './ChainValue';

/**
 * The person's wallet on the chain: the platform-held one, or an address of their own, which they may register
 * while it holds no tokens. The server's messages show on the field (a malformed or taken address) or above it.
 */
export function WalletCard() {
  const client = useQueryClient();
  const toast = useToast();
  const [form] = Form.useForm<{ address: string }>();
  const { token } = theme.useToken();
  const health = useQuery(healthQuery);
  const chainOn = health.data !== undefined && health.data.chain.kind !== 'off';
  // Polled until the identity registry has the address (its registration is a chain transaction).
  const wallet = useQuery({
    ...walletQuery,
    enabled: chainOn,
    refetchInterval: (query) => (query.state.data?.address && !query.state.data.registered ? 1000 : false),
  });
  const save = useMutation({
    mutationFn: ({ address }: { address: string }) => registerWallet(address.trim()),
    onSuccess: () => {
      form.resetFields();
      toast.success('Wallet Registered', 'Your address is being added to the identity registry.');
      return client.invalidateQueries({ queryKey: walletQuery.queryKey });
    },
    onError: (error) => {
      if (!showFieldErrors(form, error, ['address']) && !(error instanceof ApiError && error.status === 409))
        toast.error('Error', describeError(error));
    },
  });
  if (!chainOn || !wallet.data) return null;
  const w = wallet.data;
  // A refusal without a field (the wallet holds tokens) is said above the form, where it stays while relevant.
  const refusal =
    save.error instanceof ApiError && save.error.status === 409 && save.error.fieldErrors.length === 0
      ? describeError(save.error)
      : null;
  return (
    <Card style={{ width: '100%', maxWidth: 560 }} title="Wallet">
      <Flex vertical gap={16}>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'chain', label: 'Chain', children: w.chainId === null ? '—' : chainName(w.chainId) },
            {
              key: 'address',
              label: 'Address',
              children: w.address ? <ChainValue value={w.address} kind="address" explorerUrl={null} /> : 'None yet',
            },
            {
              key: 'registry',
              label: 'Identity registry',
              children: w.registered ? (
                <Tag color="green">Registered</Tag>
              ) : w.address ? (
                <Tag color="processing">Being registered</Tag>
              ) : (
                <Tag>Not registered: verify as a wholesale investor</Tag>
              ),
            },
          ]}
        />
        <Typography.Text type="secondary">
          Kauri holds a wallet for you, so you need none of your own. To receive tokens at an address you control
          instead, register it here while your wallet holds no tokens.
        </Typography.Text>
        {refusal && <Alert type="warning" showIcon title={refusal} />}
        <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)} requiredMark={false}>
          <Form.Item
            name="address"
            label="Your own address"
            rules={[{ required: true, message: WALLET_ADDRESS_INVALID }]}
          >
            <Input
              placeholder="0x…"
              autoComplete="off"
              spellCheck={false}
              style={{ fontFamily: token.fontFamilyCode }}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Register Address
          </Button>
        </Form>
      </Flex>
    </Card>
  );
}
