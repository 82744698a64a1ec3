import { createHash } from 'node:crypto';

/**
 * Tamper evidence: every event carries a SHA-256 over its stored form, chained to the hash of the event
 * before it in its stream. Changing, removing or reordering a stored event breaks the chain at that event,
 * and `verifyIntegrity` names the first broken link. The SQL stores hash the text the database itself
 * renders (`data::text`, `metadata::text`: jsonb's canonical form), so the check reads exactly what is stored.
 */
export interface ChainedFields {
  streamId: string;
  revision: number;
  eventId: string;
  type: string;
  data: string;
  metadata: string;
}

export function chainHash(previous: string, e: ChainedFields): string {
  return createHash('sha256')
    .update([previous, e.streamId, String(e.revision), e.eventId.toLowerCase(), e.type, e.data, e.metadata].join('\n'))
    .digest('hex');
}

export interface BrokenLink {
  streamId: string;
  revision: number;
  position: number;
  eventId: string;
  type: string;
  reason: 'hash mismatch' | 'missing hash' | 'revision gap';
}

export interface IntegrityReport {
  checkedEvents: number;
  checkedStreams: number;
  /** The first broken link in (stream, revision) order; null when every chain holds. */
  firstBroken: BrokenLink | null;
}

/** Called as the check goes: events checked so far, of the total when known. */
export type IntegrityProgress = (checked: number, total: number) => void;
