import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePrivateKey, privateKeyToAccount, type LocalAccount } from 'viem/accounts';
import type { Address } from 'viem';
import { createServer, type Server } from 'node:net';
import { RESTART_BACKOFF_MS, startAnvil } from './anvil.js';
import { ChainRevertError } from './chain.js';
import { NEW_ZEALAND, type PlatformContracts, type TokenSuite } from './contracts.js';
import { walletKey as walletKeyOf } from './contracts-encoding.js';
import { deployPlatform } from './platform-plan.js';
import { ViemChain } from './viem-chain.js';

/**
 * The ERC-3643 suite itself on a real node (anvil): what the token refuses and what the agent can do. The
 * outbox and the flow that drive it from events are tested in domains/tokens.
 */
let chain: ViemChain;
let platform: PlatformContracts;
let suite: TokenSuite;
let owner: LocalAccount;
let alice: LocalAccount;
let bob: LocalAccount;
const signer = privateKeyToAccount(generatePrivateKey());

async function holder(): Promise<LocalAccount> {
  const account = privateKeyToAccount(generatePrivateKey());
  await chain.fund(account.address, 10n ** 20n);
  return account;
}
async function register(wallet: Address): Promise<Address> {
  const { contractAddress } = await chain.send({ op: 'deploy', contract: 'Identity', args: [signer.address, false] });
  await chain.send({
    op: 'register-identity',
    registry: platform.identityRegistry,
    wallet,
    identity: contractAddress!,
    country: NEW_ZEALAND,
  });
  return contractAddress!;
}
const balance = (a: Address) => chain.balanceOf(suite.token, a);
const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (e: unknown) => (e instanceof ChainRevertError ? e.reason : `not a revert: ${String(e)}`),
  );

beforeAll(async () => {
  const anvil = await startAnvil({ dir: null });
  chain = new ViemChain({
    kind: 'anvil',
    url: anvil.url,
    chainId: anvil.chainId,
    account: signer,
    onClose: anvil.stop,
  });
  await chain.fund(signer.address, 10n ** 24n);
  platform = await deployPlatform(chain);
  [owner, alice, bob] = await Promise.all([holder(), holder(), holder()]);
  const tokenId = await chain.send({ op: 'deploy', contract: 'Identity', args: [signer.address, false] });
  await chain.send({
    op: 'deploy-suite',
    factory: platform.factory,
    salt: 'asset-1',
    owner: signer.address,
    name: 'Harbour View Apartments',
    symbol: 'HVA',
    decimals: 0,
    storage: platform.identityRegistryStorage,
    onchainId: tokenId.contractAddress!,
    countryAllowModule: platform.countryAllowModule,
    holdingRulesModule: platform.holdingRulesModule,
    maxHolders: 3,
  });
  suite = (await chain.suite(platform.factory, 'asset-1'))!;
  await register(owner.address);
  await chain.send({ op: 'mint', token: suite.token, to: owner.address, amount: 1000n });
  await chain.send({ op: 'unpause', token: suite.token });
});
afterAll(() => chain?.close());

test('the factory deploys a token with decimals 0 whose identity registry shares the platform storage; mint reaches the owner', async () => {
  expect(await chain.read('Token', suite.token, 'decimals')).toBe(0);
  expect(await chain.read('Token', suite.token, 'symbol')).toBe('HVA');
  expect(await chain.read('Token', suite.token, 'totalSupply')).toBe(1000n);
  expect(await balance(owner.address)).toBe(1000n);
  expect(
    ((await chain.read('IdentityRegistry', suite.identityRegistry, 'identityStorage')) as string).toLowerCase(),
  ).toBe(platform.identityRegistryStorage.toLowerCase());
  const logs = await chain.transfers([suite.token], 0n, await chain.head());
  expect(logs).toEqual([expect.objectContaining({ to: owner.address, value: 1000n })]);
});

test('minting to, and transferring to, an address outside the identity registry reverts', async () => {
  const outsider = await holder();
  expect(await reason(chain.prepare({ op: 'mint', token: suite.token, to: outsider.address, amount: 1n }))).toBe(
    'Identity is not verified.',
  );
  expect(
    await reason(chain.send({ op: 'transfer', token: suite.token, to: outsider.address, amount: 1n }, owner)),
  ).toBe('Transfer not possible');
  expect(await balance(outsider.address)).toBe(0n);
});

test('a holder locked up until a time cannot transfer before it; the agent still can (forced transfer)', async () => {
  await register(alice.address);
  await register(bob.address);
  await chain.send({ op: 'forced-transfer', token: suite.token, from: owner.address, to: alice.address, amount: 10n });
  const until = (await chain.timestamp()) + 3600n;
  await chain.send({
    op: 'lock-until',
    compliance: suite.compliance,
    module: platform.holdingRulesModule,
    holder: alice.address,
    until,
  });
  expect(await reason(chain.send({ op: 'transfer', token: suite.token, to: bob.address, amount: 1n }, alice))).toBe(
    'Transfer not possible',
  );
  await chain.send({ op: 'forced-transfer', token: suite.token, from: alice.address, to: bob.address, amount: 1n });
  expect(await balance(bob.address)).toBe(1n);
  // An hour later the lock-up is over.
  await chain.increaseTime(3601);
  await chain.send({ op: 'transfer', token: suite.token, to: bob.address, amount: 2n }, alice);
  expect([await balance(alice.address), await balance(bob.address)]).toEqual([7n, 3n]);
});

test('the maximum number of holders refuses a new holder by transfer', async () => {
  // owner, alice and bob hold: the limit of 3 is reached.
  const carol = await holder();
  await register(carol.address);
  expect(await reason(chain.send({ op: 'transfer', token: suite.token, to: carol.address, amount: 1n }, owner))).toBe(
    'Transfer not possible',
  );
  expect(await chain.read('HoldingRulesModule', platform.holdingRulesModule, 'holders', [suite.compliance])).toBe(3n);
});

test('a frozen wallet cannot send, frozen tokens cannot move, and unfreezing restores it', async () => {
  await chain.send({ op: 'set-frozen', token: suite.token, wallet: bob.address, frozen: true });
  expect(await reason(chain.send({ op: 'transfer', token: suite.token, to: alice.address, amount: 1n }, bob))).toBe(
    'wallet is frozen',
  );
  await chain.send({ op: 'set-frozen', token: suite.token, wallet: bob.address, frozen: false });
  await chain.send({ op: 'freeze-tokens', token: suite.token, wallet: bob.address, amount: 3n });
  expect(await reason(chain.send({ op: 'transfer', token: suite.token, to: alice.address, amount: 1n }, bob))).toBe(
    'Insufficient Balance',
  );
  expect(await chain.read('Token', suite.token, 'getFrozenTokens', [bob.address])).toBe(3n);
});

test("recovery moves a lost wallet's tokens, frozen part and registration to a new wallet of the same identity", async () => {
  const identity = (await chain.read<Address>('IdentityRegistry', platform.identityRegistry, 'identity', [
    bob.address,
  ]))!;
  const replacement = await holder();
  await chain.send({ op: 'add-identity-key', identity, wallet: replacement.address });
  await chain.send({
    op: 'recover',
    token: suite.token,
    lostWallet: bob.address,
    newWallet: replacement.address,
    identity,
  });
  expect([await balance(bob.address), await balance(replacement.address)]).toEqual([0n, 3n]);
  expect(await chain.read('Token', suite.token, 'getFrozenTokens', [replacement.address])).toBe(3n);
  expect(await chain.read('IdentityRegistry', suite.identityRegistry, 'isVerified', [bob.address])).toBe(false);
  expect(await chain.read('IdentityRegistry', suite.identityRegistry, 'isVerified', [replacement.address])).toBe(true);
});

test('pause stops holders, burn takes tokens back; removing an identity ends its verification', async () => {
  await chain.send({ op: 'pause', token: suite.token });
  expect(await reason(chain.send({ op: 'transfer', token: suite.token, to: alice.address, amount: 1n }, owner))).toBe(
    'Pausable: paused',
  );
  await chain.send({ op: 'unpause', token: suite.token });
  await chain.send({ op: 'burn', token: suite.token, from: owner.address, amount: 5n });
  expect(await chain.read('Token', suite.token, 'totalSupply')).toBe(995n);
  await chain.send({ op: 'delete-identity', registry: platform.identityRegistry, wallet: alice.address });
  expect(await chain.read('IdentityRegistry', suite.identityRegistry, 'isVerified', [alice.address])).toBe(false);
});

test('the embedded node keeps its state in its folder across a restart', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kauri-anvil-'));
  try {
    const first = await startAnvil({ dir });
    const one = new ViemChain({ kind: 'anvil', url: first.url, chainId: first.chainId, account: signer });
    await one.fund(signer.address, 10n ** 24n);
    const { contractAddress } = await one.send({ op: 'deploy', contract: 'Identity', args: [signer.address, false] });
    const head = await one.head();
    await first.stop();
    const second = await startAnvil({ dir });
    const two = new ViemChain({ kind: 'anvil', url: second.url, chainId: second.chainId, account: signer });
    expect(await two.head()).toBe(head);
    expect(await two.read('Identity', contractAddress!, 'keyHasPurpose', [walletKeyOf(signer.address), 1n])).toBe(true);
    await second.stop();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a node that dies is started again on its port, the back-off doubling while it keeps dying', async () => {
  const events: { kind: string; retryInMs?: number }[] = [];
  const anvil = await startAnvil({ dir: null, onEvent: (event) => events.push(event) });
  const chain = new ViemChain({ kind: 'anvil', url: anvil.url, chainId: anvil.chainId, account: signer });
  const restarted = async (count: number) => {
    for (let i = 0; i < 600 && anvil.status().restarts < count; i++) await new Promise((r) => setTimeout(r, 50));
    expect(anvil.status()).toMatchObject({ restarts: count, pid: expect.any(Number), down: null });
  };
  try {
    process.kill(anvil.pid, 'SIGKILL');
    await restarted(1);
    // Died again at once: it waits twice as long before the next start.
    process.kill(anvil.status().pid!, 'SIGKILL');
    await restarted(2);
    expect(events.filter((e) => e.kind === 'exited').map((e) => e.retryInMs)).toEqual([
      RESTART_BACKOFF_MS.first,
      RESTART_BACKOFF_MS.first * 2,
    ]);
    // The same address answers: the adapter needs no new URL.
    expect(await chain.head()).toBeGreaterThanOrEqual(0n);
    expect(anvil.status().pid).not.toBe(anvil.pid);
  } finally {
    await anvil.stop();
  }
});

test('a node whose port was taken while it was down is started on another, and the adapter follows it', async () => {
  let blocker: Server | null = null;
  let moved: string | null = null;
  const anvil = await startAnvil({
    dir: null,
    onEvent: (event) => {
      // Something else takes the dead node's port before the restart (0.5 s later).
      if (event.kind === 'exited') blocker = createServer().listen(Number(new URL(anvil.url).port), '127.0.0.1');
      if (event.kind === 'restarted') moved = event.url;
    },
  });
  const first = anvil.url;
  const chain = new ViemChain({ kind: 'anvil', url: first, chainId: anvil.chainId, account: signer });
  try {
    process.kill(anvil.pid, 'SIGKILL');
    for (let i = 0; i < 600 && anvil.status().restarts < 1; i++) await new Promise((r) => setTimeout(r, 50));
    expect(anvil.status()).toMatchObject({ restarts: 1, down: null });
    expect(moved).toBe(anvil.url);
    expect(anvil.url).not.toBe(first);
    chain.moveTo(anvil.url);
    expect(await chain.head()).toBeGreaterThanOrEqual(0n);
  } finally {
    await anvil.stop();
    (blocker as Server | null)?.close();
  }
});

test('the committed HoldingRulesModule artifact is what its Solidity source compiles to', () => {
  execFileSync(process.execPath, ['scripts/compile-contracts.mjs', '--check'], { stdio: 'pipe' });
});
