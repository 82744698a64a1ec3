/**
 * Proof of control (issue 27): a wallet is registered only with an EIP-191 signature, by that address, over an
 * EIP-4361 message the platform issued to this person — on the real app with the embedded chain, with real
 * signatures from generated keys. Each refusal is a 4xx with its reason and appends nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Address } from 'viem';
import { parseSiweMessage, createSiweMessage } from 'viem/siwe';
import { WALLET_PROOF_MESSAGES } from '../../messages.js';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { systemContext } from '../../platform/command-context.js';
import type { ViemChain } from '../../platform/chain/viem-chain.js';
import type { Api } from '../../testing/api.js';
import { startTestServer } from '../../testing/api.js';
import * as offerings from '../../testing/offerings.js';
import { signUp } from '../../testing/users.js';
import { newWallet, registerOwnWallet } from '../../testing/wallets.js';
import { ChainOutbox } from './chain-outbox.js';
import { walletChallenges } from './wallet-challenges.decider.js';
import { CUSTODY_STREAM, walletChallengeStream } from './events.js';
import { suiteOf } from './flow.js';
import { WALLET_PROOF_STATEMENTS } from './wallet-proofs.js';

describe('registering a wallet of one’s own needs a signed proof', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let admin: Api & { user: { id: string } };
  let outbox: ChainOutbox;
  let registry: Address;
  beforeAll(async () => {
    server = await startTestServer({
      env: { CHAIN: 'anvil', AUTH_RATE_LIMIT_PER_IP: '1000', PUBLIC_URL: 'https://kauri.example' },
    });
    admin = await signUp(server, { admin: true });
    outbox = server.app.get(ChainOutbox);
  });
  afterAll(() => server.close());

  const settled = async () => expect(await outbox.settled()).toBe(true);
  /** Registrations recorded (custody assignments come and go with the outbox, so they are not counted). */
  const custodyRevision = async () =>
    (await server.eventStore.readStream(CUSTODY_STREAM)).filter((e) => e.type === 'OwnWalletRegistered').length;
  const contains = (address: string) =>
    (server.chain as ViemChain).read<boolean>('IdentityRegistry', registry, 'contains', [address]);

  it('issues an EIP-4361 message for this site, chain and address; a signature by that address registers it', async () => {
    const investor = await offerings.verifiedInvestor(server, admin);
    await settled();
    registry = outbox.state.txs.get('c31337-platform-identity-registry')!.contractAddress as Address;
    const custody = (await investor.get('/api/wallet')).body;
    expect(custody).toMatchObject({ registered: true, chainId: 31337 });
    const wallet = newWallet();
    const challenge = await investor.post('/api/wallet/challenge', { address: wallet.address.toLowerCase() });
    expect(challenge.status).toBe(201);
    const fields = parseSiweMessage(challenge.body.message);
    expect(fields).toMatchObject({
      domain: 'kauri.example',
      uri: 'https://kauri.example',
      address: wallet.address,
      chainId: 31337,
      version: '1',
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const ttl = Date.parse(challenge.body.expiresAt) - fields.issuedAt!.getTime();
    expect(ttl).toBe(10 * 60_000);
    expect(fields.expirationTime!.toISOString()).toBe(challenge.body.expiresAt);

    const signature = await wallet.signMessage({ message: challenge.body.message });
    const registered = await investor.post('/api/wallet', {
      address: wallet.address,
      message: challenge.body.message,
      signature,
    });
    expect(registered).toMatchObject({ status: 201, body: { address: wallet.address } });
    await settled();
    expect((await investor.get('/api/wallet')).body).toMatchObject({ address: wallet.address, registered: true });
    expect(await contains(wallet.address)).toBe(true);
    expect(await contains(custody.address)).toBe(false);
    // The event names the nonce it used; the same message and signature again is refused as used.
    const events = await server.eventStore.readStream(CUSTODY_STREAM);
    expect(events.at(-1)).toMatchObject({ type: 'OwnWalletRegistered', data: { nonce: fields.nonce } });
    const before = await custodyRevision();
    const replay = await investor.post('/api/wallet', {
      address: wallet.address,
      message: challenge.body.message,
      signature,
    });
    expect(replay).toMatchObject({
      status: 400,
      body: {
        message: WALLET_PROOF_MESSAGES.used,
        errors: [{ field: 'message', message: WALLET_PROOF_MESSAGES.used }],
      },
    });
    expect(await custodyRevision()).toBe(before);
  });

  it('refuses the old request without a signature, a wrong signature, another message, an expired one', async () => {
    const investor = await offerings.verifiedInvestor(server, admin);
    await settled();
    const wallet = newWallet();
    const before = await custodyRevision();

    const unsigned = await investor.post('/api/wallet', { address: wallet.address });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['message', 'signature']);

    const { message } = (await investor.post('/api/wallet/challenge', { address: wallet.address })).body;
    // Signed by a different key: the signature does not recover to the address.
    const stranger = newWallet();
    const wrong = await investor.post('/api/wallet', {
      address: wallet.address,
      message,
      signature: await stranger.signMessage({ message }),
    });
    expect(wrong).toMatchObject({ status: 400, body: { message: WALLET_PROOF_MESSAGES.signatureWrong } });
    expect(wrong.body.errors).toEqual([{ field: 'signature', message: WALLET_PROOF_MESSAGES.signatureWrong }]);
    const malformed = await investor.post('/api/wallet', { address: wallet.address, message, signature: '0x1234' });
    expect(malformed).toMatchObject({ status: 400, body: { message: WALLET_PROOF_MESSAGES.signature } });

    // A message the platform did not issue (edited, or written by the client), even if validly signed.
    const edited = message.replace('Register this address', 'Register that address');
    const forged = await investor.post('/api/wallet', {
      address: wallet.address,
      message: edited,
      signature: await wallet.signMessage({ message: edited }),
    });
    expect(forged).toMatchObject({ status: 400, body: { message: WALLET_PROOF_MESSAGES.messageUnknown } });
    // Another person's message, signed by the right key, is not this person's.
    const other = await offerings.verifiedInvestor(server, admin);
    const theirs = (await other.post('/api/wallet/challenge', { address: wallet.address })).body.message;
    const borrowed = await investor.post('/api/wallet', {
      address: wallet.address,
      message: theirs,
      signature: await wallet.signMessage({ message: theirs }),
    });
    expect(borrowed).toMatchObject({ status: 400, body: { message: WALLET_PROOF_MESSAGES.messageUnknown } });
    // A message for one address answered for another.
    const second = newWallet();
    const swapped = await investor.post('/api/wallet', {
      address: second.address,
      message,
      signature: await second.signMessage({ message }),
    });
    expect(swapped).toMatchObject({ status: 400, body: { message: WALLET_PROOF_MESSAGES.messageUnknown } });

    // Issued 11 minutes ago (a decided fact with its own time), signed now: expired.
    const issuedAt = new Date(Date.now() - 11 * 60_000);
    const expiresAt = new Date(issuedAt.getTime() + 10 * 60_000);
    const nonce = 'e'.repeat(32);
    const stale = createSiweMessage({
      domain: 'kauri.example',
      uri: 'https://kauri.example',
      address: wallet.address,
      chainId: 31337,
      nonce,
      version: '1',
      statement: WALLET_PROOF_STATEMENTS.wallet,
      issuedAt,
      expirationTime: expiresAt,
    });
    await server.app.get(AggregateRepository).handle(
      walletChallenges,
      walletChallengeStream(investor.user.id),
      {
        type: 'IssueWalletChallenge',
        personId: investor.user.id,
        address: wallet.address,
        nonce,
        message: stale,
        issuedAt: issuedAt.toISOString(),
        expiresAt: expiresAt.toISOString(),
      },
      systemContext('test', 'expired-challenge', issuedAt.toISOString()),
    );
    const expired = await investor.post('/api/wallet', {
      address: wallet.address,
      message: stale,
      signature: await wallet.signMessage({ message: stale }),
    });
    expect(expired).toMatchObject({ status: 400, body: { message: WALLET_PROOF_MESSAGES.expired } });
    expect(await custodyRevision()).toBe(before);
    expect((await investor.get('/api/wallet')).body.address).not.toBe(wallet.address);
  });

  it('refuses zero and burn addresses, the platform’s own, contracts, and another person’s address', async () => {
    const investor = await offerings.verifiedInvestor(server, admin);
    const { assetId } = await offerings.offeringFor(server, admin, 100, '10.00');
    await settled();
    const before = await custodyRevision();
    const challenge = (address: string) => investor.post('/api/wallet/challenge', { address });
    for (const burn of ['0x0000000000000000000000000000000000000000', '0x000000000000000000000000000000000000dEaD'])
      expect(await challenge(burn)).toMatchObject({
        status: 400,
        body: { message: WALLET_PROOF_MESSAGES.burn, errors: [{ field: 'address' }] },
      });
    const suite = suiteOf(outbox.state, assetId)!;
    const platform = [
      server.chain!.signer,
      suite.token,
      suite.identityRegistry,
      suite.compliance,
      registry,
      outbox.state.txs.get('c31337-platform-factory')!.contractAddress!,
      outbox.state.txs.get(`c31337-identity-${investor.user.id}`)!.contractAddress!,
    ];
    for (const address of platform)
      expect(await challenge(address)).toMatchObject({
        status: 422,
        body: { message: WALLET_PROOF_MESSAGES.platform },
      });
    // The same checks stand when the registration itself is posted (whatever message is offered).
    const direct = await investor.post('/api/wallet', {
      address: suite.token,
      message: 'x',
      signature: `0x${'1'.repeat(130)}`,
    });
    expect(direct).toMatchObject({ status: 422, body: { message: WALLET_PROOF_MESSAGES.platform } });

    // A contract the platform knows nothing of: it has code on chain.
    const chain = server.chain as ViemChain;
    const deployer = newWallet();
    await chain.fund(deployer.address, 10n ** 20n);
    const deployed = await chain.send(
      { op: 'deploy', contract: 'Identity', args: [deployer.address, false] },
      deployer,
    );
    expect(await challenge(deployed.contractAddress!)).toMatchObject({
      status: 422,
      body: { message: WALLET_PROOF_MESSAGES.contract },
    });

    // An address another person registered: refused at the challenge, and at registration if it got that far.
    const first = await offerings.verifiedInvestor(server, admin);
    const wallet = newWallet();
    expect((await registerOwnWallet(first, wallet)).status).toBe(201);
    const revision = await custodyRevision();
    expect(await challenge(wallet.address)).toMatchObject({
      status: 409,
      body: { message: WALLET_PROOF_MESSAGES.taken },
    });
    expect(await custodyRevision()).toBe(revision);
    expect(revision).toBe(before + 1);
  });

  it('an unverified user cannot squat an address: without its key there is no proof', async () => {
    const squatter = await signUp(server);
    const victim = newWallet();
    const { message } = (await squatter.post('/api/wallet/challenge', { address: victim.address })).body;
    const attempt = await squatter.post('/api/wallet', {
      address: victim.address,
      message,
      signature: await newWallet().signMessage({ message }),
    });
    expect(attempt.status).toBe(400);
    // The real owner registers it.
    const owner = await offerings.verifiedInvestor(server, admin);
    expect((await registerOwnWallet(owner, victim)).status).toBe(201);
  });
});

describe('without a chain (CHAIN=off)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({ env: { CHAIN: 'off' } });
  });
  afterAll(() => server.close());

  it('there is no wallet to prove: both steps say so, and nothing is recorded', async () => {
    const person = await signUp(server);
    const wallet = newWallet();
    const noChain = { status: 409, body: { message: WALLET_PROOF_MESSAGES.noChain } };
    expect(await person.post('/api/wallet/challenge', { address: wallet.address })).toMatchObject(noChain);
    const signature = await wallet.signMessage({ message: 'anything' });
    expect(await person.post('/api/wallet', { address: wallet.address, message: 'anything', signature })).toMatchObject(
      noChain,
    );
    expect(await server.eventStore.readStream(walletChallengeStream(person.user.id))).toEqual([]);
    expect(await server.eventStore.readStream(CUSTODY_STREAM)).toEqual([]);
  });
});
