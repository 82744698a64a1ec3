import type { Api } from './api.js';

/** Subscribes a signed-in test user in sandbox mode with Stripe's approving test card; returns the event position. */
export async function subscribe(
  api: Api,
  tier: 'starter' | 'professional' | 'enterprise' = 'professional',
): Promise<number> {
  const created = await api.post('/api/create-subscription', { tier });
  if (created.status !== 200)
    throw new Error(`create-subscription failed: ${created.status} ${JSON.stringify(created.body)}`);
  if (created.body.status === 'active') return created.body.position;
  const paid = await api.post('/api/billing/sandbox/confirm', {
    clientSecret: created.body.clientSecret,
    number: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
  });
  if (paid.status !== 200) throw new Error(`sandbox payment failed: ${paid.status} ${JSON.stringify(paid.body)}`);
  return paid.body.position;
}
