import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, theme, Typography } from 'antd';
import { useState } from 'react';
import { WALLET_ADDRESS_INVALID, WALLET_PROOF_MESSAGES } from '@kauri/messages';
import { ApiError, describeError } from '../../api/client';
import { walletChallenge } from '../../api/mutations';
import type { RegisterWalletInput, WalletChallenge } from '../../api/types';
import { formatTime, nzZoneName } from '../../shared/format';
import { showFieldErrors } from '../../shared/fieldErrors';
import { useToast } from '../../shared/toast';
import { injectedWallet, personalSign, walletAccount, walletErrorText } from './injectedWallet';

/** Thrown when the browser's wallet refused or failed to sign: said above the form, not as a server error. */
class WalletRefusal extends Error {}

interface Props {
  /** The form's name: its fields' ids (two of these forms can share a page). */
  name: string;
  /** What the signature agrees to (the message says it): registering the wallet, or a recovery's new address. */
  purpose: 'wallet' | 'recovery';
  /** The field's label, e.g. "Your own address" or "Your new address". */
  label: string;
  /** The button's words when the browser's wallet signs, and when a pasted signature is sent. */
  submitLabel: { signing: string; pasted: string };
  /** Sends the signed message (registration of a wallet, or the proof of a recovery's new address). */
  submit(proof: RegisterWalletInput): Promise<unknown>;
  onProved(): void;
}

/**
 * Proof of control of an address (issue 27), for registering a wallet and for a recovery's new address: the server
 * issues a message for the address (EIP-4361), the person's wallet signs it (EIP-191 personal_sign). With a wallet
 * in the browser (EIP-1193 `window.ethereum`) it signs there; without one, the form shows the message, so a wallet
 * elsewhere can sign it and the signature be pasted. The server's messages show on the field or above it.
 */
export function AddressProofForm({ name, purpose, label, submitLabel, submit, onProved }: Props) {
  const toast = useToast();
  const [form] = Form.useForm<{ address: string; signature?: string }>();
  const { token } = theme.useToken();
  const provider = injectedWallet();
  // Without a wallet in the browser: the message issued for the address, to be signed elsewhere.
  const [pending, setPending] = useState<(WalletChallenge & { address: string }) | null>(null);
  const save = useMutation({
    mutationFn: async ({ address, signature }: { address: string; signature?: string }) => {
      const trimmed = address.trim();
      if (!provider && pending?.address === trimmed && signature?.trim()) {
        await submit({ address: trimmed, message: pending.message, signature: signature.trim() });
        return true;
      }
      const challenge = await walletChallenge(trimmed, purpose);
      if (!provider) {
        setPending({ ...challenge, address: trimmed });
        return false;
      }
      let signed: string;
      try {
        signed = await personalSign(provider, challenge.message, trimmed);
      } catch (error) {
        throw new WalletRefusal(walletErrorText(error));
      }
      await submit({ address: trimmed, message: challenge.message, signature: signed });
      return true;
    },
    onSuccess: (proved) => {
      if (!proved) return;
      form.resetFields();
      setPending(null);
      onProved();
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
    <Flex vertical gap={16}>
      {!provider && (
        <Alert
          type="info"
          showIcon
          title="No wallet found in this browser"
          description="To sign here, install or open a wallet extension (such as MetaMask or Rabby) and reload this page. Or enter your address, then sign the message shown with your wallet wherever it is and paste the signature."
        />
      )}
      {refusal && <Alert type="warning" showIcon title={refusal} />}
      <Form form={form} name={name} layout="vertical" onFinish={(values) => save.mutate(values)} requiredMark={false}>
        <Form.Item name="address" label={label} rules={[{ required: true, message: WALLET_ADDRESS_INVALID }]}>
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
            {provider ? submitLabel.signing : pending ? submitLabel.pasted : 'Get Message to Sign'}
          </Button>
          {provider && (
            <Button onClick={() => connect.mutate()} loading={connect.isPending}>
              Use My Wallet’s Address
            </Button>
          )}
        </Flex>
      </Form>
    </Flex>
  );
}
