import { randomInt } from 'node:crypto';
import { Api } from './api.js';
import { interestForm } from './fixtures.js';
import { confirmationLinkIn, readOutbox, waitForMail } from './mail.js';

export interface InterestReceipt {
  registrationId: string;
  position: number;
  /** With `confirm` (the default): the confirmed registration's number and waiver, and the confirmation's position. */
  number?: number;
  feeWaived?: boolean;
}

/**
 * Registers interest on a running test server (`interestForm(overrides)`) and, unless told not to, confirms it
 * through the link the outbox received — so it counts toward the 100 places. Each call comes from an address
 * of its own, so tests that register many are not held back by the per-address limit.
 */
export async function registerInterest(
  server: { url: string; config: { dataDir: string } },
  overrides: Record<string, unknown> = {},
  { confirm = true } = {},
): Promise<InterestReceipt> {
  const api = new Api(server.url);
  const email = String(overrides.email ?? interestForm().email);
  const earlier = (await readOutbox(server.config.dataDir)).filter(
    (m) => m.to.toLowerCase() === email.toLowerCase(),
  ).length;
  const from = `198.18.${randomInt(256)}.${randomInt(256)}`;
  const registered = await api.post('/api/register-interest', interestForm(overrides), { 'x-forwarded-for': from });
  if (registered.status !== 201)
    throw new Error(`registering interest as ${email}: ${registered.status} ${JSON.stringify(registered.body)}`);
  if (!confirm) return registered.body as InterestReceipt;
  const { token } = confirmationLinkIn(await waitForMail(server.config.dataDir, email, { count: earlier + 1 }));
  const confirmed = await api.post('/api/register-interest/confirm', { token });
  if (confirmed.status !== 200)
    throw new Error(`confirming ${email}: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return confirmed.body as InterestReceipt;
}
