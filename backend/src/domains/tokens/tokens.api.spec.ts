/**
 * Tokens on the embedded chain, over HTTP on the real app: an approved asset becomes an ERC-3643 token minted to
 * the owner's custody wallet; a verified investor's confirmed investment is a forced transfer to theirs, locked up
 * until the holding's transferableFrom; 240 concurrent investments leave the chain equal to the register.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Address } from 'viem';
import type { ViemChain } from '../../platform/chain/viem-chain.js';
import { ChainKeys } from '../../platform/chain/keys.js';
import { ChainRevertError } from '../../platform/chain/chain.js';
import type { Api } from '../../testing/api.js';
import { startTestServer } from '../../testing/api.js';
import * as offerings from '../../testing/offerings.js';
import { signUp } from '../../testing/users.js';
import { newWallet, registerOwnWallet } from '../../testing/wallets.js';
import { CUSTODY_STREAM } from './events.js';
import { ChainOutbox } from './chain-outbox.js';
import { WALLET_HOLDS_TOKENS } from './tokens.controller.js';

describe('tokens on the embedded chain', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let admin: Api & { user: { id: string } };
  let outbox: ChainOutbox;
  beforeAll(async () => {
    server = await startTestServer({
      env: { CHAIN: 'anvil', AUTH_RATE_LIMIT_PER_IP: '1000', CHAIN_EXPLORER_URL: 'https://explorer.example/' },
    });
    admin = await signUp(server, { admin: true });
    outbox = server.app.get(ChainOutbox);
  });
  afterAll(() => server.close());

  const settled = async () => expect(await outbox.settled()).toBe(true);
  /** The custody account of a person, as the platform holds it (the index is on the custody stream). */
  async function custodyAccountOf(personId: string) {
    const events = await server.eventStore.readStream(CUSTODY_STREAM);
    const assigned = events.find((e) => e.type === 'CustodyWalletAssigned' && (e.data as any).personId === personId);
    return new ChainKeys(server.vault).custodyAccount((assigned!.data as { index: number }).index);
  }

  let assetId: string;
  let offeringId: string;
  let owner: Api & { user: { id: string } };

  it('deploys the suite for an approved asset and mints the supply to the owner; health reports the chain', async () => {
    ({ assetId, offeringId, owner } = await offerings.offeringFor(server, admin, 1000, '10.00'));
    await settled();
    const token = await owner.get(`/api/assets/${assetId}/token`);
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({
      chainId: 31337,
      tokenAddress: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      identityRegistryAddress: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      complianceAddress: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      symbol: 'HVA',
      decimals: 0,
      totalSupply: 1000,
      status: 'deployed',
      explorerUrl: 'https://explorer.example',
      holders: [{ wallet: expect.any(String), personId: owner.user.id, balance: 1000 }],
    });
    // Someone who may not see the asset (signed in, neither its investor nor a wholesale investor) is told there is
    // no token, as they are told there is no asset.
    const stranger = await signUp(server);
    const hidden = await stranger.get(`/api/assets/${assetId}/token`);
    expect([hidden.status, (await stranger.get(`/api/assets/${assetId}/overview`)).status]).toEqual([404, 404]);
    const chain = server.chain as ViemChain;
    expect(await chain.read('Token', token.body.tokenAddress, 'totalSupply')).toBe(1000n);
    const health = (await server.ops.get('/api/health')).body;
    expect(health.chain).toMatchObject({ ok: true, kind: 'anvil', chainId: 31337, head: expect.any(Number), drift: 0 });
    // Every transaction is in the log: requested, submitted with its hash, confirmed with its block.
    const all = await server.eventStore.readAll({ streamPrefixes: ['chain-tx-'] });
    const requested = all.filter((e) => e.type === 'ChainTransactionRequested').length;
    expect(all.filter((e) => e.type === 'ChainTransactionConfirmed')).toHaveLength(requested);
  });

  it('a confirmed investment reaches the investor on chain, locked up until transferableFrom', async () => {
    const investor = await offerings.verifiedInvestor(server, admin);
    const invested = await investor.post('/api/invest', { offeringId, tokensRequested: 10, investmentAmount: 100 });
    expect(invested.status).toBe(201);
    await settled();
    const { holdings } = (await investor.get('/api/holdings')).body;
    expect(holdings).toEqual([
      expect.objectContaining({
        status: 'confirmed',
        tokensHeld: 10,
        walletAddress: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
        onChainBalance: 10,
        chainTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      }),
    ]);
    const token = (await owner.get(`/api/assets/${assetId}/token`)).body;
    expect(token.holders.map((h: { balance: number }) => h.balance)).toEqual([990, 10]);
    // The investor's home and the investment's page carry the same chain side, with the register's figure.
    const onChain = {
      walletAddress: holdings[0].walletAddress,
      onChainBalance: 10,
      onChainExpected: 10,
      chainTxHash: holdings[0].chainTxHash,
      chainTxStatus: 'confirmed',
      chainExplorerUrl: 'https://explorer.example',
    };
    expect(holdings[0]).toMatchObject(onChain);
    const home = (await investor.get('/api/investments')).body;
    expect(home.investments).toEqual([expect.objectContaining({ id: holdings[0].id, ...onChain })]);
    expect((await investor.get(`/api/investments/${holdings[0].id}`)).body).toMatchObject(onChain);
    // The asset's owner sees the same transfer on the investment's page (the investor stays unnamed).
    expect((await owner.get(`/api/investments/${holdings[0].id}`)).body).toMatchObject({ investor: null, ...onChain });

    // The investor's own transfer (signed with their custody key) is refused before transferableFrom.
    const chain = server.chain as ViemChain;
    const account = await custodyAccountOf(investor.user.id);
    expect(account.address).toBe(holdings[0].walletAddress);
    await chain.fund(account.address, 10n ** 20n);
    const ownerWallet = token.holders[0].wallet as Address;
    const refused = await chain
      .send({ op: 'transfer', token: token.tokenAddress, to: ownerWallet, amount: 1n }, account)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ChainRevertError);
    expect((refused as ChainRevertError).reason).toBe('Transfer not possible');
    // Holding tokens, the investor cannot switch to an address of their own.
    const own = await registerOwnWallet(investor, newWallet());
    expect(own).toMatchObject({ status: 409, body: { message: WALLET_HOLDS_TOKENS } });
  });

  it('an investor without tokens may register their own address; a malformed one is refused', async () => {
    const investor = await offerings.verifiedInvestor(server, admin);
    await settled();
    const custodyWallet = (await investor.get('/api/wallet')).body;
    expect(custodyWallet).toMatchObject({ registered: true, address: expect.any(String) });
    // A bad EIP-55 checksum.
    const bad = await investor.post('/api/wallet/challenge', { address: '0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' });
    expect(bad.status).toBe(400);
    const wallet = newWallet();
    const own = wallet.address;
    expect((await registerOwnWallet(investor, wallet)).status).toBe(201);
    await settled();
    expect((await investor.get('/api/wallet')).body).toMatchObject({ address: own, registered: true });
    const chain = server.chain as ViemChain;
    const registry = outbox.state.txs.get('c31337-platform-identity-registry')!.contractAddress as Address;
    expect(await chain.read('IdentityRegistry', registry, 'contains', [own])).toBe(true);
    expect(await chain.read('IdentityRegistry', registry, 'contains', [custodyWallet.address])).toBe(false);
    const taken = await registerOwnWallet(await signUp(server), wallet);
    expect(taken.status).toBe(409);
  });

  it('after 240 concurrent confirmed investments the on-chain balances equal the register', async () => {
    const count = 240; // 480 tokens of the offering's 1,000
    const started = Date.now();
    const before = { ...outbox.sent };
    const investors = await Promise.all(Array.from({ length: 8 }, () => offerings.verifiedInvestor(server, admin)));
    const results = await Promise.all(
      Array.from({ length: count }, (_, n) =>
        investors[n % 8]!.post('/api/invest', {
          offeringId,
          tokensRequested: 1 + (n % 3),
          investmentAmount: 10 * (1 + (n % 3)),
        }),
      ),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    await settled();
    const chain = server.chain as ViemChain;
    const token = (await owner.get(`/api/assets/${assetId}/token`)).body;
    for (const [i, investor] of investors.entries()) {
      const expected = Array.from({ length: count }, (_, n) => n)
        .filter((n) => n % 8 === i)
        .reduce((sum, n) => sum + 1 + (n % 3), 0);
      const wallet = (await investor.get('/api/wallet')).body.address as Address;
      expect(await chain.balanceOf(token.tokenAddress, wallet)).toBe(BigInt(expected));
    }
    const health = (await server.ops.get('/api/health')).body;
    expect(health.chain).toMatchObject({ ok: true, drift: 0, pending: 0 });
    const failed = (await server.eventStore.readAll({ streamPrefixes: ['chain-tx-'] })).filter(
      (e) => e.type === 'ChainTransactionFailed',
    );
    expect(failed).toEqual([]);
    // Batched (issue 33): the 480 transfers and lock-ups went as far fewer chain transactions.
    const sent = outbox.sent.transactions - before.transactions;
    expect(outbox.sent.batched - before.batched).toBeGreaterThan(count);
    expect(sent).toBeLessThan(count);
    console.log(
      `${count} investments by 8 new investors settled on chain in ${Date.now() - started} ms, ${sent} chain transactions (${outbox.sent.batches - before.batches} batches)`,
    );
  }, 240_000);
});
