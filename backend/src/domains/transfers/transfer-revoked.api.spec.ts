/**
 * A buyer who revokes their wholesale certificate after the transfer's approval, before its take goes out (found by an
 * outside probe: the take was sent after the revocation was recorded, and the buyer received the tokens). On the real
 * app with the embedded chain, the outbox held while the owner approves and the buyer revokes: the take is never sent,
 * the transfer fails with the revocation as its reason, nothing moves (the buyer holds none, the register is
 * untouched), a retry is refused while the buyer stays revoked, and an admin abandons it, which undoes the DvP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Address } from 'viem';
import { TRANSFER_MESSAGES as M } from '../../messages.js';
import { nzLongDate } from '../../platform/nz-time.js';
import { type Api, startTestServer } from '../../testing/api.js';
import { assetWithHolder } from '../../testing/income.js';
import { verifiedInvestor } from '../../testing/offerings.js';
import { untilWithin } from '../../testing/until.js';
import { signUp } from '../../testing/users.js';
import { ChainOutbox } from '../tokens/chain-outbox.js';
import { dvdManagerOf, stablecoinOf, suiteOf } from '../tokens/flow.js';

type Person = Api & { user: { id: string } };

const STATEMENT = 'I no longer wish to be treated as a wholesale investor, from today.';
const TOKENS = 2;

describe('a buyer who revokes their certificate after the approval', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kauri-transfer-revoked-'));
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let admin: Person;
  let owner: Person;
  let seller: Person;
  let buyer: Person;
  let assetId: string;
  const until = untilWithin(90_000);
  const outbox = () => server.app.get(ChainOutbox);
  const settled = async () => expect(await outbox().settled(120_000)).toBe(true);
  const chain = () => server.chain!;
  const token = () => suiteOf(outbox().state, assetId)!.token;
  const walletOf = (person: Person) => outbox().state.wallets.get(person.user.id)! as Address;
  const capTable = async () =>
    (
      (await owner.get(`/api/assets/${assetId}/cap-table`)).body.lines as {
        investorId: string | null;
        tokens: number;
      }[]
    )
      .filter((l) => l.investorId)
      .map((l) => [l.investorId, l.tokens]);

  beforeAll(async () => {
    server = await startTestServer({ env: { CHAIN: 'anvil', DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_IP: '1000' } });
    admin = await signUp(server, { admin: true });
    ({ owner, assetId, investor: seller } = await assetWithHolder(server, admin));
    buyer = await verifiedInvestor(server, admin);
    await settled();
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('never sends the take: the transfer fails naming the revocation, nothing moves, and an admin abandons it', async () => {
    const proposed = await seller.post('/api/transfers', {
      assetId,
      toInvestorId: buyer.user.id,
      tokens: TOKENS,
      pricePerToken: '12.50',
    });
    const id = proposed.body.id as string;
    expect((await buyer.post(`/api/transfers/${id}/accept`)).body).toMatchObject({ status: 'accepted' });
    const held = await capTable();
    // The outbox held: the approval's DvP steps are not sent before the buyer revokes (the probe's order, made sure).
    await outbox().stopSending();
    expect((await owner.post(`/api/transfers/${id}/approve`)).body).toMatchObject({ status: 'approved' });
    const revoked = await buyer.post('/api/wholesale-verification/revoke', { statement: STATEMENT });
    expect(revoked).toMatchObject({ status: 201, body: { status: 'revoked' } });
    outbox().startSending();
    await settled();

    const failed = await until(
      'the failure read',
      async () => (await seller.get(`/api/transfers/${id}`)).body,
      (b) => b.status === 'failed',
    );
    expect(failed.refusal).toBe(M.settlementStopped('revoked', nzLongDate(revoked.body.revokedAt)));
    // The take was never signed nor sent; the steps before it were (the offer and allowances, undone below).
    const takeId = `c${chain().chainId}-xfer-${id}-take`;
    const take = outbox().state.txs.get(takeId)!;
    expect([take.status, take.txHash]).toEqual(['failed', null]);
    // Nothing moved: the buyer holds none on chain, the register records no transfer, the cap table is as it was.
    expect(await chain().balanceOf(token(), walletOf(buyer))).toBe(0n);
    const moved = (await server.eventStore.readAll({ streamPrefixes: [`asset-${assetId}`] })).filter(
      (e) => e.type === 'TokensTransferred',
    );
    expect(moved).toHaveLength(0);
    expect(await capTable()).toEqual(held);
    // A retry passes the checks again: refused while the buyer stays revoked, nothing recorded.
    const retry = await admin.post(`/api/transfers/${id}/retry`);
    expect([retry.status, retry.body.message]).toEqual([409, M.buyerRevoked(nzLongDate(revoked.body.revokedAt))]);

    const abandoned = await admin.post(`/api/transfers/${id}/abandon`, {
      reason: 'The buyer revoked their certificate',
    });
    expect(abandoned).toMatchObject({ status: 200, body: { id, status: 'abandoned' } });
    await settled();
    const undo = ['cancel', 'seller-revoke', 'buyer-revoke'].map(
      (step) => outbox().state.txs.get(`c${chain().chainId}-xfer-${id}-${step}`)?.status,
    );
    expect(undo).toEqual(['confirmed', 'confirmed', 'confirmed']);
    const manager = dvdManagerOf(outbox().state)!;
    const coin = stablecoinOf(outbox().state)!;
    expect(await chain().read<bigint>('Token', token(), 'allowance', [walletOf(seller), manager])).toBe(0n);
    expect(await chain().read<bigint>('KauriTestNZD', coin, 'allowance', [walletOf(buyer), manager])).toBe(0n);
    expect(await chain().balanceOf(token(), walletOf(buyer))).toBe(0n);
    expect(await capTable()).toEqual(held);
    expect((await buyer.get(`/api/transfers/${id}`)).body).toMatchObject({
      status: 'abandoned',
      refusal: failed.refusal,
    });
  }, 400_000);

  it('an approval and the buyer’s revocation in the same moment: the transfer is refused, fails or settles — never left approved', async () => {
    // Found by an outside probe: the approval's checks passed before the revocation landed and it was recorded after
    // it, so no take was stopped and the transfer waited, approved, for a certificate that would not come back.
    const ends: string[] = [];
    for (let round = 0; round < 3; round++) {
      const other = await verifiedInvestor(server, admin);
      await settled(); // their wallet registered on chain
      const proposed = await seller.post('/api/transfers', {
        assetId,
        toInvestorId: other.user.id,
        tokens: 1,
        pricePerToken: '12.50',
      });
      expect([proposed.status, proposed.body.message]).toEqual([201, undefined]);
      const id = proposed.body.id as string;
      expect((await other.post(`/api/transfers/${id}/accept`)).status).toBe(200);
      const [approval, revocation] = await Promise.all([
        owner.post(`/api/transfers/${id}/approve`),
        other.post('/api/wholesale-verification/revoke', { statement: STATEMENT }),
      ]);
      expect(revocation.status).toBe(201);
      expect([200, 409]).toContain(approval.status);
      await settled();
      const { status } = await until(
        'the transfer’s end',
        async () => (await seller.get(`/api/transfers/${id}`)).body,
        (b) => b.status !== 'approved',
      );
      ends.push(approval.status === 409 ? 'refused' : status);
    }
    for (const end of ends) expect(['refused', 'failed', 'settled']).toContain(end);
  }, 400_000);
});
