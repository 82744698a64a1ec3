import { createHash, randomUUID } from 'node:crypto';
import type { Address } from 'viem';
import { upcasters } from '../domains/upcasters.js';
import { chainTransactionStream, CUSTODY_STREAM, type TokenEvent } from '../domains/tokens/events.js';
import { foldFlow, initialFold } from '../domains/tokens/flow-checkpoint.js';
import { callFor, personsOf, type FoldedEvent } from '../domains/tokens/flow.js';
import { ANVIL_CHAIN_ID } from '../platform/chain/anvil.js';
import type { ChainKeys } from '../platform/chain/keys.js';
import type { EventStore, EventToAppend, ExpectedRevision, AppendResult } from '../platform/event-store/event-store.js';
import { WriteOnlyEventStore } from './write-only-store.js';

/**
 * The seeded history as a platform running with its chain on would have recorded it: after each story, the chain
 * work it calls for (what the outbox folds as wanted: the platform, identities, registrations, token suites,
 * mints, transfers, lock-ups) recorded as done — `ChainTransactionRequested`, `Submitted` and `Confirmed` on each
 * transaction's stream, and the custody wallets assigned (`CustodyWalletAssigned`, derived from the vault's custody
 * seed as the app derives them). So a restart with the chain on measures the restart, not a backlog of tens of
 * thousands of transactions the app would otherwise send.
 *
 * These transactions are not on the embedded chain: the node a bench's app starts holds none of these contracts.
 * Their hashes and addresses are made up, deterministically, and sent "from" an address that is not the app's
 * signer (the app's own nonces start from the node's). A reconciliation of this history with that node reports
 * every seeded token as drift; the bench measures the boot and the first answers, not the chain.
 */
export class ChainFactsStore extends WriteOnlyEventStore {
  readonly kind = 'chain-facts';
  private readonly fold = initialFold(ANVIL_CHAIN_ID);
  private position = 0;
  private nonce = 0;
  private block = 0;
  private custodyIndex = 0;
  /** Chain fact events appended (beside the history's own). */
  written = 0;

  constructor(
    private readonly inner: EventStore,
    private readonly keys: ChainKeys,
  ) {
    super();
  }

  async append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    const result = await this.inner.append(streamId, events, expected);
    for (const event of events) this.foldOne(event);
    const at = events.at(-1)?.metadata.occurredAt ?? new Date(0).toISOString();
    // Draining: a recorded transaction may call for more (the fold's own rules), until nothing is wanted.
    while (this.fold.wanted.size > 0) {
      const [txId, { intent, causeEventId }] = this.fold.wanted.entries().next().value!;
      for (const personId of personsOf(intent)) await this.custodyWallet(personId, at);
      const requested = this.fact('ChainTransactionRequested', at, {
        txId,
        chainId: ANVIL_CHAIN_ID,
        intent,
        causeEventId,
      });
      await this.record(chainTransactionStream(txId), [requested]);
      const tx = this.fold.state.txs.get(txId)!;
      const { call, wallet } = callFor(tx, this.fold.state, SEEDED_SENDER);
      const created = call.op === 'deploy' ? fakeAddress(`contract-${txId}`) : null;
      const txHash = fakeHash(txId);
      const submitted = this.fact('ChainTransactionSubmitted', at, {
        txId,
        txHash,
        nonce: this.nonce++,
        from: SEEDED_SENDER,
        to: created ? null : targetOf(call),
        contractAddress: created,
        wallet,
      });
      const suite =
        intent.kind === 'deploy-suite'
          ? {
              token: fakeAddress(`token-${intent.assetId}`),
              identityRegistry: fakeAddress(`registry-${intent.assetId}`),
              compliance: fakeAddress(`compliance-${intent.assetId}`),
            }
          : null;
      const confirmed = this.fact('ChainTransactionConfirmed', at, {
        txId,
        txHash,
        blockNumber: ++this.block,
        contractAddress: created,
        suite,
      });
      await this.record(chainTransactionStream(txId), [submitted, confirmed]);
    }
    return result;
  }

  /** The person's custody wallet, assigned as the outbox does before the first transaction that needs one. */
  private async custodyWallet(personId: string, at: string): Promise<void> {
    if (this.fold.state.wallets.has(personId)) return;
    const index = this.custodyIndex++;
    const { address } = await this.keys.custodyAccount(index);
    await this.record(CUSTODY_STREAM, [this.fact('CustodyWalletAssigned', at, { personId, index, address })]);
  }

  private fact<T extends TokenEvent['type']>(
    type: T,
    occurredAt: string,
    data: Extract<TokenEvent, { type: T }>['data'],
  ): EventToAppend {
    return {
      type,
      data,
      metadata: {
        eventId: randomUUID(),
        schemaVersion: upcasters.versionOf(type),
        occurredAt,
        actor: { kind: 'system', name: 'chain-outbox' },
        correlationId: randomUUID(),
        causationId: null,
      },
    };
  }

  private async record(streamId: string, events: EventToAppend[]): Promise<void> {
    await this.inner.append(streamId, events, 'any');
    this.written += events.length;
    for (const event of events) this.foldOne(event);
  }

  private foldOne(event: EventToAppend): void {
    foldFlow(this.fold, { ...event, position: ++this.position } as unknown as FoldedEvent);
  }

  headPosition(): Promise<number> {
    return this.inner.headPosition();
  }
  override health() {
    return this.inner.health();
  }
}

/** The seeded transactions' sender: not the app's signer, whose nonces the embedded node decides. */
const SEEDED_SENDER = fakeAddress('seeded-history-sender');

function fakeAddress(of: string): Address {
  return `0x${createHash('sha256').update(of).digest('hex').slice(0, 40)}` as Address;
}

function fakeHash(of: string): string {
  return `0x${createHash('sha256').update(`tx-${of}`).digest('hex')}`;
}

/** The contract a call goes to (recorded in `ChainTransactionSubmitted.to`). */
function targetOf(call: ReturnType<typeof callFor>['call']): Address {
  const named = call as unknown as Record<string, unknown>;
  for (const key of ['token', 'registry', 'compliance', 'factory', 'target', 'storage', 'manager', 'identity'])
    if (typeof named[key] === 'string') return named[key] as Address;
  return fakeAddress('unknown-target');
}
