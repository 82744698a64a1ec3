import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';

/** This process among the replicas on one shared store. */
export interface Replica {
  id: string;
  host: string;
  pid: number;
  startedAt: string;
}

/** What a replica publishes at every heartbeat, and what the others read. */
export interface ReplicaBeat extends Replica {
  /** The log position its read models have applied (each replica folds the log into memory for its reads). */
  checkpoint: number;
  /** The jobs it holds the lease of, with a subscription's checkpoint (null for a schedule). */
  jobs: HeldJob[];
  /** When its last heartbeat landed (the store's clock where it has one). */
  seenAt: string;
}

export interface HeldJob {
  name: string;
  checkpoint: number | null;
}

/** Replicas whose last heartbeat is older than this are not counted as live (killed, cut off, stopped). */
export const REPLICA_STALE_MS = 5_000;

/**
 * Leases on background jobs, so that exactly one replica on a shared store runs each one, and the replicas'
 * heartbeats (their read-model checkpoints and the jobs they hold). Built on each engine's own tools: PostgreSQL
 * session-level advisory locks (a dead connection frees them at once), a lease document with an expiry in MongoDB,
 * and nothing at all for one process on embedded data (the data folder's lock already makes it the only one).
 */
export interface Leases {
  readonly kind: 'local' | 'postgres' | 'mongodb';
  readonly replica: Replica;
  /** Takes the lease on `job` if nobody holds it; true when this replica holds it now. */
  tryAcquire(job: string): Promise<boolean>;
  /**
   * Keeps the leases this replica holds and answers those still its own: after a lost connection (PostgreSQL) or a
   * lease taken over after expiry (MongoDB) a job is missing here, and its runner must stop it.
   */
  renew(held: readonly string[]): Promise<Set<string>>;
  release(job: string): Promise<void>;
  /**
   * Publishes this replica's heartbeat and answers every live replica's (this one included), with the highest
   * position a sign-out could not wait for (`fence`, see `ReplicaPositions`).
   */
  beat(checkpoint: number, jobs: readonly HeldJob[]): Promise<{ replicas: ReplicaBeat[]; fence: number }>;
  /** Records that every replica must have applied `position` before it serves a signed-in request. */
  raiseFence(position: number): Promise<void>;
  /** Releases every lease (SIGTERM): another replica takes over at its next attempt. */
  close(): Promise<void>;
}

export function thisReplica(): Replica {
  return { id: randomUUID(), host: hostname(), pid: process.pid, startedAt: new Date().toISOString() };
}

/** One process on embedded data or memory stores: every lease is its own, and it is the only replica. */
export class LocalLeases implements Leases {
  readonly kind = 'local';
  private fence = 0;
  constructor(readonly replica: Replica = thisReplica()) {}

  async tryAcquire(): Promise<boolean> {
    return true;
  }

  async renew(held: readonly string[]): Promise<Set<string>> {
    return new Set(held);
  }

  async release(): Promise<void> {}

  async beat(checkpoint: number, jobs: readonly HeldJob[]) {
    const seenAt = new Date().toISOString();
    return { replicas: [{ ...this.replica, checkpoint, jobs: [...jobs], seenAt }], fence: this.fence };
  }

  async raiseFence(position: number): Promise<void> {
    this.fence = Math.max(this.fence, position);
  }

  async close(): Promise<void> {}
}
