/**
 * Funding is an outbox: the attempt is recorded before the provider is asked, with the attempt as the idempotency
 * key. A crash after the provider charged and before its answer was recorded leaves the attempt pending; the
 * owner's next try asks again with the same key, so the card is charged once and the distribution funded once.
 */
import { describe, expect, it } from '@jest/globals';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { systemContext } from '../../platform/command-context.js';
import { MemoryEventStore } from '../../platform/event-store/memory-event-store.js';
import type { OneOffCharge, OneOffOutcome, PaymentProvider } from '../billing/payment-provider.js';
import { SandboxPaymentProvider } from '../billing/sandbox-provider.js';
import { FundDistributionCommand, FundDistributionHandler } from './distribution.handlers.js';
import { approvedDistribution } from './distribution.test-support.js';
import { distributionStream } from './events.js';

const ID = '0b6c1b9e-1f3c-4f6a-9a61-2c3d4e5f6a71';
const OWNER = 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b';
const context = systemContext('test', 'corr-funding', '2026-11-27T01:00:00.000Z');
const card = { number: '4242424242424242', expiry: '12/34', cvc: '123' };

/** The sandbox, counting real charges, that crashes (once) after charging and before answering. */
class CrashingProvider {
  readonly charged: OneOffCharge[] = [];
  private readonly sandbox = new SandboxPaymentProvider();
  private seen = new Set<string>();
  crashNext = true;
  async chargeOnce(request: OneOffCharge): Promise<OneOffOutcome> {
    if (!this.seen.has(request.idempotencyKey)) this.charged.push(request);
    this.seen.add(request.idempotencyKey);
    const outcome = await this.sandbox.chargeOnce(request);
    if (this.crashNext) {
      this.crashNext = false;
      throw new Error('process killed after the charge');
    }
    return outcome;
  }
}

describe('funding a distribution through the payment provider', () => {
  it('a crash between the charge and its record: the retry charges nothing more and funds once', async () => {
    const store = new MemoryEventStore();
    const repository = new AggregateRepository(store, { error: () => undefined });
    await approvedDistribution(repository, ID, OWNER, context);
    const provider = new CrashingProvider();
    const handler = new FundDistributionHandler(repository, provider as unknown as PaymentProvider);
    const fund = new FundDistributionCommand(ID, OWNER, { card, paymentMethodId: null }, context);
    await expect(handler.execute(fund)).rejects.toThrow('process killed');
    // A fresh process: a new repository over the same log.
    const restarted = new FundDistributionHandler(
      new AggregateRepository(store, { error: () => undefined }),
      provider as unknown as PaymentProvider,
    );
    await restarted.execute(fund);
    await expect(restarted.execute(fund)).rejects.toThrow('Only an approved distribution can be funded');
    expect(provider.charged).toHaveLength(1);
    expect(provider.charged[0]!.amountCents).toBe(75_00);
    const types = (await store.readStream(distributionStream(ID))).map((e) => e.type);
    expect(types).toEqual([
      'DistributionDeclared',
      'DistributionApproved',
      'DistributionFundingStarted',
      'DistributionFunded',
    ]);
  });
});
