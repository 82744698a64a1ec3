import { randomUUID } from 'node:crypto';
import { yieldToEventLoop } from '../event-loop.js';
import type { Doc, ReadStore, WriteOp } from './read-store.js';

/**
 * A follower's checkpoint in the read store: a JSON snapshot of what it folded, with the log position it folds
 * through and the version of the fold that wrote it. One head document per snapshot and its text in chunk documents
 * (`<id>-<n>`), written together with `writeBatch` (as the projections' checkpoints are) — the chain outbox keeps
 * its fold this way (tokens/flow-checkpoint.ts), and the process managers that follow the log keep their position
 * (`LogCheckpoint`). A process loads it at start and reads only the events after it.
 */

/** A snapshot is stored in parts of at most this many characters (MongoDB's documents stop at 16 MB). */
const CHUNK_CHARS = 1_000_000;

/** The head document of a snapshot: where it stands, and how to put its parts together. */
export interface KeptSnapshotHead extends Doc {
  version: number;
  position: number;
  /** Number of chunk documents (`<_id>-<n>`). */
  chunks: number;
  /**
   * The save's own id, which each of its chunks carries: a torn write (MongoDB applies a batch's steps one by one)
   * leaves chunks of two saves, and is not loaded. Cheaper than a hash of the whole text, which cost a large fold a
   * fifth of a second at every load and every save (2026-11-28: 32 MB at 200,000 events, mostly its UTF-8 encoding).
   */
  rev: string;
  savedAt: string;
}

interface SnapshotChunk extends Doc {
  rev: string;
  data: string;
}

/** What `load` found: the snapshot's JSON text, or why there is none to resume from. */
export type LoadedSnapshot<H extends KeptSnapshotHead> =
  | { json: string; head: H }
  | { json: null; reason: 'none' | 'version' | 'unreadable'; head: H | null };

/** The snapshots of one collection of the read store. */
export class KeptSnapshots<H extends KeptSnapshotHead = KeptSnapshotHead> {
  /** Chunks of the last snapshot written or read, per head id: a smaller one deletes the rest. */
  private readonly chunks = new Map<string, number>();

  constructor(
    private readonly reads: ReadStore,
    readonly collection: string,
    private readonly chunkChars = CHUNK_CHARS,
  ) {}

  async head(id: string): Promise<H | null> {
    return this.get<H>(id);
  }

  /** One document of the collection, without loading the rest into memory where the store can (`peek`). */
  private get<T extends Doc>(id: string): Promise<T | null> {
    return this.reads.peek
      ? this.reads.peek<T>(this.collection, id)
      : this.reads.collection<T>(this.collection).get(id);
  }

  /** The snapshot's text when it was written under `version` and is whole. */
  async load(id: string, version: number): Promise<LoadedSnapshot<H>> {
    const head = await this.head(id);
    if (!head) return { json: null, reason: 'none', head: null };
    this.chunks.set(head._id, head.chunks);
    if (head.version !== version) return { json: null, reason: 'version', head };
    let json = '';
    for (let n = 0; n < head.chunks; n++) {
      const part = await this.get<SnapshotChunk>(`${head._id}-${n}`);
      if (part?.rev !== head.rev) return { json: null, reason: 'unreadable', head };
      json += part.data;
      // A large snapshot (32 MB at 200,000 events) is read after the app listens: requests go on between its chunks.
      await yieldToEventLoop();
    }
    return { json, head };
  }

  /**
   * Stores a snapshot (its parts, then its head, then drops parts a larger earlier one left) in one batch. `about`:
   * what the head says of it besides its parts (its version and position, and any field its reader checks).
   */
  async save(id: string, json: string, about: Omit<H, '_id' | 'chunks' | 'rev' | 'savedAt'>): Promise<H> {
    const before = this.chunks.get(id) ?? (await this.head(id))?.chunks ?? 0;
    const parts: string[] = [];
    for (let at = 0; at < json.length || parts.length === 0; at += this.chunkChars)
      parts.push(json.slice(at, at + this.chunkChars));
    const head = {
      ...about,
      _id: id,
      chunks: parts.length,
      rev: randomUUID(),
      savedAt: new Date().toISOString(),
    } as H;
    const ops: WriteOp<Doc>[] = parts.map((data, n) => ({ upsert: { _id: `${id}-${n}`, rev: head.rev, data } }));
    ops.push({ upsert: head });
    for (let n = parts.length; n < before; n++) ops.push({ delete: `${id}-${n}` });
    await this.reads.writeBatch([{ collection: this.collection, ops }]);
    this.chunks.set(id, parts.length);
    return head;
  }

  /** Drops every snapshot of the collection: the next start reads the log from position 0. */
  async drop(): Promise<void> {
    await this.reads.dropCollection(this.collection);
    this.chunks.clear();
  }
}
