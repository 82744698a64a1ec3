import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Tag, theme, Typography } from 'antd';
import { useState } from 'react';
import { WALLET_ADDRESS_INVALID, WALLET_PROOF_MESSAGES } from '@kauri/messages';
import { ApiError, describeError } from '../../api/client';
import { registerWallet, walletChallenge } from '../../api/mutations';
import type { WalletChallenge } from '../../api/types';
import { healthQuery, walletQuery } from '../../api/queries';
import { formatTime, nzZoneName } from '../../shared/format';
import { showFieldErrors } from '../../shared/fieldErrors';
import { useToast } from '../../shared/toast';
import { chainName } from '../../shared/tokens/chain';
import { ChainValue } from '../../shared/tokens/ChainValue';
import { injectedWallet, personalSign, walletAccount, walletErrorText } from './injectedWallet';

/** Thrown when the browser's wallet refused or failed to sign: said above the form, not as a server error. */
class WalletRefusal extends Error {}

/**
 * The person's wallet on the chain: the platform-held one, or an address of their own, which they may register
 * while it holds no tokens — proven by signing the message the server issues for it (EIP-4361, signed with
 * EIP-191 personal_sign). With a wallet in the browser (EIP-1193 `window.ethereum`) it signs there; without one,
 * the card says what to do and shows the message, so a wallet elsewhere can sign it and the signature be pasted.
 * The server's messages show on the field (a malformed, taken, or contract address) or above it.
 */
export function WalletCard() {
  const client = useQueryClient();
  const toast = useToast();
  const [form] = Form.useForm<{ address: string; signature?: string }>();
  const { token } = theme.useToken();
  const provider = injectedWallet();
  // Without a wallet in the browser: the message issued for the address, to be signed elsewhere.
  const [pending, setPending] = useState<(WalletChallenge & { address: string }) | null>(null);
  const health = useQuery(healthQuery);
  const chainOn = health.data !== undefined && health.data.chain.kind !== 'off';
  // Polled until the identity registry has the address (its registration is a chain transaction).
  const wallet = useQuery({
    ...walletQuery,
    enabled: chainOn,
    refetchInterval: (query) => (query.state.data?.address && !query.state.data.registered ? 1000 : false),
  });
  const save = useMutation({
    mutationFn: async ({ address, signature }: { address: string; signature?: string }) => {
      const trimmed = address.trim();
      if (!provider && pending?.address === trimmed && signature?.trim())
        return registerWallet({ address: trimmed, message: pending.message, signature: signature.trim() });
      const challenge = await walletChallenge(trimmed);
      if (!provider) {
        setPending({ ...challenge, address: trimmed });
        return null;
      }
      let signed: string;
      try {
        signed = await personalSign(provider, challenge.message, trimmed);
      } catch (error) {
        throw new WalletRefusal(walletErrorText(error));
      }
      return registerWallet({ address: trimmed, message: challenge.message, signature: signed });
    },
    onSuccess: (registered) => {
      if (!registered) return;
      form.resetFields();
      setPending(null);
      toast.success('Wallet Registered', 'Your address is being added to the identity registry.');
      return client.invalidateQueries({ queryKey: walletQuery.queryKey });
    },
    onError: (error) => {
      if (error instanceof WalletRefusal) return;
      if (!showFieldErrors(form, error, ['address', 'signature']) && !(error instanceof ApiError && error.status < 500))
        toast.error('Error', describeError(error));
    },
  });
  const connect = useMutation({
    mutationFn: async () => (provider ? walletAccount(provider) : null),
    onSuccess: (account) => account && form.setFieldsValue({ address: account }),
  });
  if (!chainOn || !wallet.data) return null;
  const w = wallet.data;
  // A refusal not tied to a field the form shows (the wallet holds tokens, an expired or used message, the
  // browser's wallet declined) is said above the form, where it stays while relevant.
  const shown = new Set(['address', ...(pending ? ['signature'] : [])]);
  const refusal =
    save.error instanceof WalletRefusal
      ? save.error.message
      : save.error instanceof ApiError &&
          save.error.status < 500 &&
          !save.error.fieldErrors.some((e) => shown.has(e.field))
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
          instead, register it here while your wallet holds no tokens: your wallet signs a message to prove the address
          is yours (no transaction, no fee).
        </Typography.Text>
        {!provider && (
          <Alert
            type="info"
            showIcon
            title="No wallet found in this browser"
            description="To sign here, install or open a wallet extension (such as MetaMask or Rabby) and reload this page. Or enter your address, then sign the message shown with your wallet wherever it is and paste the signature."
          />
        )}
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
              onChange={() => pending && setPending(null)}
            />
          </Form.Item>
          {pending && (
            <>
              <Form.Item label="Message to sign with your wallet (personal_sign)">
                <Input.TextArea
                  aria-label="Message to sign"
                  value={pending.message}
                  readOnly
                  autoSize
                  style={{ fontFamily: token.fontFamilyCode }}
                />
                <Typography.Text type="secondary" copyable={{ text: pending.message }}>
                  Valid until {formatTime(pending.expiresAt)} {nzZoneName(pending.expiresAt)}; it can be used once.
                </Typography.Text>
              </Form.Item>
              <Form.Item
                name="signature"
                label="Signature"
                rules={[{ required: true, message: WALLET_PROOF_MESSAGES.signature }]}
              >
                <Input
                  placeholder="0x…"
                  autoComplete="off"
                  spellCheck={false}
                  style={{ fontFamily: token.fontFamilyCode }}
                />
              </Form.Item>
            </>
          )}
          <Flex gap={8} wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {provider ? 'Sign and Register' : pending ? 'Register Address' : 'Get Message to Sign'}
            </Button>
            {provider && (
              <Button onClick={() => connect.mutate()} loading={connect.isPending}>
                Use My Wallet’s Address
              </Button>
            )}
          </Flex>
        </Form>
      </Flex>
    </Card>
  );
}
