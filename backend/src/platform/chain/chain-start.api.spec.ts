/**
 * The app does not wait for its chain (issue 33): it listens and answers reads and commands while the embedded node
 * is still starting, and health says the chain is starting — degraded, never ok — until it is opened. Here the
 * chain's opening is held by the test, so "before the chain is up" is a fact, not a race.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer } from '../../testing/api.js';
import { signUp } from '../../testing/users.js';
import type { ChainPort } from './chain.js';
import { StartingChain, UnavailableChain } from './open-chain.js';
import { ANVIL_CHAIN_ID } from './anvil.js';

interface Health {
  status: 'ok' | 'degraded';
  ready: boolean;
  reasons: string[];
  chain: { ok: boolean; kind: string; starting?: boolean; detail?: string };
}

describe('the app while its chain starts', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let open: (port: ChainPort) => void;
  const chain = new StartingChain('anvil', ANVIL_CHAIN_ID, new Promise<ChainPort>((resolve) => (open = resolve)));
  beforeAll(async () => {
    server = await startTestServer({ chain, started: false, env: { CHAIN: 'anvil' } });
  }, 60_000);
  afterAll(async () => {
    // Opened, if a test did not: the outbox's round waits for it, and the app's stop waits for the round.
    open(new UnavailableChain('anvil', ANVIL_CHAIN_ID, 'the test is over'));
    await server.close();
  });

  it('answers reads, takes commands and says the chain is starting before it is up', async () => {
    expect(chain.opened).toBeNull();
    const read = await server.api.get('/api/early-access');
    expect(read.status).toBe(200);
    // A command appends at once (whatever chain work it calls for is sent later).
    const investor = await signUp(server);
    expect((await investor.get('/api/user')).status).toBe(200);
    const health = await server.ops.get<Health>('/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({
      status: 'degraded',
      ready: true,
      chain: { ok: false, kind: 'anvil', starting: true },
    });
    expect(health.body.reasons).toContain('Chain node is starting: chain transactions wait for it');
    expect(chain.opened).toBeNull();
  });

  it('reports the opened chain once it is up, and calls reach it', async () => {
    open(new UnavailableChain('anvil', ANVIL_CHAIN_ID, 'no node in this test'));
    await chain.ready();
    const health = await server.ops.get<Health>('/api/health');
    expect(health.body.chain).toMatchObject({ ok: false, kind: 'anvil', detail: 'no node in this test' });
    expect(health.body.chain.starting).toBeUndefined();
    expect(health.body.reasons).toContain('Chain node is not answering: no node in this test');
    await expect(chain.head()).rejects.toThrow('no node in this test');
  });
});

describe('a chain port being opened', () => {
  it('holds each call until the port is open, and a close during the start closes the port once opened', async () => {
    let open: (port: ChainPort) => void = () => {};
    const starting = new StartingChain('anvil', ANVIL_CHAIN_ID, new Promise<ChainPort>((resolve) => (open = resolve)));
    expect(() => starting.signer).toThrow('the chain is starting');
    let head: bigint | null = null;
    const asked = starting.head().then((h) => (head = h));
    const closing = starting.close();
    await new Promise((r) => setTimeout(r, 20));
    expect(head).toBeNull();
    let closed = 0;
    const port: ChainPort = new UnavailableChain('anvil', ANVIL_CHAIN_ID, 'a stand-in');
    port.head = async () => 7n;
    port.close = async () => void closed++;
    open(port);
    await asked;
    await closing;
    expect(head).toBe(7n);
    expect(closed).toBe(1);
    expect(starting.opened).toBe(port);
    expect(starting.signer).toBe(port.signer);
  });
});
