import { DomainError } from '../../platform/errors.js';
import { SandboxPaymentProvider, checkTestCard } from './sandbox-provider.js';

describe('sandbox card form checks', () => {
  const now = new Date('2026-11-23T00:00:00Z');

  it('passes a valid test card', () => {
    expect(() => checkTestCard({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }, now)).not.toThrow();
  });

  it("names every wrong field at once, with Stripe's messages", () => {
    let error: unknown;
    try {
      checkTestCard({ number: '4242 4242 4242 4241', expiry: '01/20', cvc: '1' }, now);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      message: 'Your card number is incorrect.',
      status: 400,
      title: 'Payment Failed',
      errors: [
        { field: 'number', message: 'Your card number is incorrect.' },
        { field: 'expiry', message: "Your card's expiration year is in the past." },
        { field: 'cvc', message: "Your card's security code is incomplete." },
      ],
    });
  });

  it('knows the tier it bills a subscription at: set on activation and on a move; none for one it never made', async () => {
    const sandbox = new SandboxPaymentProvider();
    const checkout = { userId: 'u-1', reference: 'sub_sandbox_1', tier: 'professional' as const, amountDue: 199 };
    sandbox.confirm(checkout, { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' }, new Date());
    expect(await sandbox.subscriptionTier('sub_sandbox_1')).toBe('professional');
    await sandbox.changePlan({
      reference: 'sub_sandbox_1',
      from: 'professional',
      to: 'enterprise',
      currentPeriodEnd: null,
      now: new Date(),
    });
    expect(await sandbox.subscriptionTier('sub_sandbox_1')).toBe('enterprise');
    expect(await sandbox.subscriptionTier('sub_sandbox_other')).toBeNull();
  });

  it('a one-off payment with the authentication test card waits for the bank; cancelled, it can never be paid', async () => {
    const sandbox = new SandboxPaymentProvider();
    const payment = { userId: 'u-1', amountCents: 5_000, description: 'd', distributionId: 'd-1', attemptId: 'a-1' };
    const { reference } = await sandbox.createPayment({ ...payment, idempotencyKey: 'k-1' });
    const card = { number: '4000 0025 0000 3155', expiry: '12/40', cvc: '123' };
    expect(await sandbox.confirmPayment(reference, { card, paymentMethodId: null })).toEqual({
      kind: 'action-required',
    });
    expect(await sandbox.paymentStatus(reference)).toEqual({ kind: 'action-required' });
    expect(await sandbox.cancelPayment(reference)).toEqual({ kind: 'canceled' });
    const paying = { card: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' }, paymentMethodId: null };
    expect(await sandbox.confirmPayment(reference, paying)).toEqual({ kind: 'canceled' });
  });
});
