import { Alert, Button, Col, Form, Input, Row, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { ERROR_TITLES } from '@kauri/messages';
import { ApiError, describeError } from '../../api/client';
import { confirmSandboxPayment } from '../../api/mutations';
import type { TestCard } from '../../api/types';
import { useToast } from '../../shared/toast';

/**
 * The payment form when no Stripe keys are set: Stripe's test cards, nothing charged, clearly marked as
 * test mode. The server decides approve or decline exactly as Stripe's test mode would.
 */
export function SandboxCardForm({
  clientSecret,
  payLabel,
  onPaid,
}: {
  clientSecret: string;
  payLabel: string;
  onPaid(): Promise<void>;
}) {
  const [form] = Form.useForm<TestCard>();
  const toast = useToast();
  const payment = useMutation({
    mutationFn: async (card: TestCard) => {
      await confirmSandboxPayment(clientSecret, card);
      await onPaid();
    },
    onError: (error) => {
      if (error instanceof ApiError)
        form.setFields(error.fieldErrors.map((e) => ({ name: e.field as keyof TestCard, errors: [e.message] })));
      toast.error(ERROR_TITLES.paymentFailed, describeError(error));
    },
  });

  return (
    <Form
      form={form}
      name="test-card"
      layout="vertical"
      requiredMark={false}
      onFinish={(card) => payment.mutate(card)}
      disabled={payment.isPending}
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="Test mode: no card is charged"
        description={
          <Typography.Text>
            Pay with <Typography.Text code>4242 4242 4242 4242</Typography.Text>, any future expiry and any CVC.{' '}
            <Typography.Text code>4000 0000 0000 0002</Typography.Text> is declined.
          </Typography.Text>
        }
      />
      <Form.Item
        name="number"
        label="Card number"
        rules={[{ required: true, message: 'Your card number is incomplete.' }]}
      >
        <Input inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="expiry"
            label="Expiry (MM/YY)"
            rules={[{ required: true, message: "Your card's expiration date is incomplete." }]}
          >
            <Input autoComplete="cc-exp" placeholder="MM/YY" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="cvc"
            label="CVC"
            rules={[{ required: true, message: "Your card's security code is incomplete." }]}
          >
            <Input inputMode="numeric" autoComplete="cc-csc" placeholder="123" />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" block size="large" loading={payment.isPending}>
        {payLabel}
      </Button>
    </Form>
  );
}
