import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import { project } from '../platform/projection-engine/projection.js';
import { decisionOf } from '../domains/audit/decisions.js';
import { activitiesProjection } from './activities.js';
import { assetHistoryProjection } from './asset-history.js';
import { walletRecoveriesProjection } from './wallet-recoveries.js';

const ID = '0b6c1b9e-1f3c-4f6a-9a61-2c3d4e5f6a71';
const LOST = `0x${'1'.repeat(40)}`;
const NEW = `0x${'2'.repeat(40)}`;
const HASH = (n: number) => `0x${String(n).repeat(64)}`;
const tx = (suffix: string) => `c31337-recovery-${ID}-${suffix}`;

let position = 0;
const event = (type: string, data: object): RecordedEvent =>
  ({
    type,
    data,
    metadata: { occurredAt: `2026-11-27T10:00:${String(position).padStart(2, '0')}.000Z` },
    position: ++position,
    streamId: 'x',
    revision: 0,
    id: String(position),
  }) as unknown as RecordedEvent;

const requested = event('WalletRecoveryRequested', {
  requestId: ID,
  personId: 'inv',
  lostAddress: LOST,
  custodial: false,
  reason: 'Passport re-verified',
  requestedBy: 'adminA',
});
const recoverIntent = {
  kind: 'recover',
  assetId: 'asset1',
  personId: 'inv',
  requestId: ID,
  lostWallet: LOST,
  newWallet: NEW,
};

describe('wallet recoveries read model: events in, document out', () => {
  it('waits for the proof, then for approval; an approval’s chain steps make it move, fail, and — retried — done', () => {
    const doc = (events: RecordedEvent[]) => project(walletRecoveriesProjection, events).get(ID);
    expect(doc([requested])).toMatchObject({
      status: 'open',
      stage: 'awaiting-proof',
      lostAddress: LOST,
      newAddress: null,
      requestedBy: 'adminA',
      steps: [],
    });
    const proved = event('WalletRecoveryProved', {
      requestId: ID,
      personId: 'inv',
      address: NEW,
      nonce: 'n'.repeat(16),
    });
    expect(doc([requested, proved])).toMatchObject({ stage: 'awaiting-approval', newAddress: NEW });
    const approved = event('WalletRecoveryApproved', {
      requestId: ID,
      personId: 'inv',
      lostAddress: LOST,
      newAddress: NEW,
      approvedBy: 'adminB',
      custodyIndex: null,
    });
    // Approved, steps not recorded yet: moving.
    expect(doc([requested, proved, approved])).toMatchObject({
      status: 'approved',
      stage: 'moving',
      approvedBy: 'adminB',
    });
    const chain = [
      event('ChainTransactionRequested', {
        txId: tx('key'),
        chainId: 31337,
        intent: { kind: 'add-identity-key', personId: 'inv', requestId: ID, wallet: NEW },
        causeEventId: null,
      }),
      event('ChainTransactionRequested', {
        txId: tx('recover-asset1'),
        chainId: 31337,
        intent: recoverIntent,
        causeEventId: null,
      }),
      // Another transaction of the chain is none of this recovery's business.
      event('ChainTransactionRequested', {
        txId: 'c31337-mint-asset1',
        chainId: 31337,
        intent: { kind: 'mint', assetId: 'asset1', personId: 'owner', amount: 5 },
        causeEventId: null,
      }),
      event('ChainTransactionSubmitted', {
        txId: tx('key'),
        txHash: HASH(1),
        nonce: 1,
        from: LOST,
        to: LOST,
        contractAddress: null,
        wallet: NEW,
      }),
      event('ChainTransactionConfirmed', {
        txId: tx('key'),
        txHash: HASH(1),
        blockNumber: 9,
        contractAddress: null,
        suite: null,
      }),
      event('ChainTransactionFailed', { txId: tx('recover-asset1'), txHash: null, reason: 'address not stored yet' }),
    ];
    const failed = doc([requested, proved, approved, ...chain]);
    expect(failed).toMatchObject({
      stage: 'failed',
      steps: [
        { txId: tx('key'), kind: 'add-identity-key', status: 'confirmed', txHash: HASH(1), attempts: 1, assetId: null },
        {
          txId: tx('recover-asset1'),
          attemptId: tx('recover-asset1'),
          kind: 'recover',
          assetId: 'asset1',
          status: 'failed',
          failure: 'address not stored yet',
        },
      ],
    });
    const retry = tx('recover-asset1-retry-1');
    const retried = [
      event('ChainTransactionRequested', {
        txId: retry,
        chainId: 31337,
        intent: recoverIntent,
        causeEventId: null,
        retryOf: tx('recover-asset1'),
      }),
      event('ChainTransactionConfirmed', {
        txId: retry,
        txHash: HASH(2),
        blockNumber: 10,
        contractAddress: null,
        suite: null,
      }),
    ];
    expect(doc([requested, proved, approved, ...chain, ...retried])).toMatchObject({
      stage: 'done',
      steps: [
        { status: 'confirmed' },
        {
          txId: tx('recover-asset1'),
          attemptId: retry,
          attempts: 2,
          status: 'confirmed',
          txHash: HASH(2),
          failure: null,
        },
      ],
    });
    expect(project(walletRecoveriesProjection, chain).size).toBe(0);
  });

  it('a custodial recovery waits for approval at once; a cancelled one says who and why', () => {
    const custodial = event('WalletRecoveryRequested', { ...(requested.data as object), custodial: true });
    expect(project(walletRecoveriesProjection, [custodial]).get(ID)).toMatchObject({ stage: 'awaiting-approval' });
    const cancelled = event('WalletRecoveryCancelled', {
      requestId: ID,
      personId: 'inv',
      cancelledBy: 'adminB',
      reason: 'Found the key',
    });
    expect(project(walletRecoveriesProjection, [custodial, cancelled]).get(ID)).toMatchObject({
      status: 'cancelled',
      stage: 'cancelled',
      cancelledBy: 'adminB',
      cancelReason: 'Found the key',
    });
  });
});

describe('a recovery in the investor’s activity, the asset’s history and the audit', () => {
  const approved = event('WalletRecoveryApproved', {
    requestId: ID,
    personId: 'inv',
    lostAddress: LOST,
    newAddress: NEW,
    approvedBy: 'adminB',
    custodyIndex: 7,
  });

  it('the investor reads each step in words; a move between their own wallets, not a sale', () => {
    const doc = project(activitiesProjection, [requested, approved]).get('inv');
    expect(doc?.items.map((i) => i.description)).toEqual([
      `Wallet recovery approved: your tokens move from ${LOST} to ${NEW} (not a sale)`,
      `Recovery of your wallet ${LOST} opened after your identity was verified again`,
    ]);
  });

  it('each affected asset’s history says a holding moved by recovery, once (a retry is the same move), with no name', () => {
    const drafted = event('AssetDrafted', {
      assetId: 'asset1',
      ownerId: 'owner',
      name: 'Harbour View',
      totalValue: 1000,
      tokenCount: 100,
    });
    const move = (txId: string, retryOf?: string) =>
      event('ChainTransactionRequested', {
        txId,
        chainId: 31337,
        intent: {
          kind: 'recovery-transfer',
          assetId: 'asset1',
          personId: 'inv',
          requestId: ID,
          lostWallet: LOST,
          newWallet: NEW,
          amount: 40,
        },
        causeEventId: null,
        ...(retryOf && { retryOf }),
      });
    const history = project(assetHistoryProjection, [
      drafted,
      move(tx('transfer-asset1')),
      move(tx('transfer-asset1-retry-1'), tx('transfer-asset1')),
    ]).get('asset1');
    expect(history?.items.slice(1)).toEqual([
      expect.objectContaining({
        event: 'WalletRecoveryApproved',
        text: "A holder's 40 tokens moved from a lost wallet to their new one by wallet recovery (four eyes; not a sale)",
      }),
    ]);
  });

  it('the audit names who the recovery was for and who decided', () => {
    expect(decisionOf(approved)).toEqual({ requestedBy: 'inv', decidedBy: 'adminB' });
  });
});
