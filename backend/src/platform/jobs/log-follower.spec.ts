import { describe, expect, it } from '@jest/globals';
import { FollowedLog } from '../../testing/log-followers.js';
import type { RecordedEvent } from '../event-store/event-store.js';
import { LogFollower } from './log-follower.js';

/**
 * A process manager's following of the log: from its kept checkpoint or else where it says, each event handled
 * before the next, the checkpoint never past an event whose handling failed, and stored at stop.
 */
const NAME = 'test-follower';

function following(log: FollowedLog, options: { resumeFrom?: number; failing?: Set<number>; withReads?: boolean }) {
  const handled: number[] = [];
  const failed: number[] = [];
  const follower = new LogFollower({
    name: NAME,
    description: 'Follows the log',
    events: log.events,
    reads: options.withReads === false ? null : log.reads,
    logger: log.logger,
    eventTypes: ['Followed'],
    resumeFrom: async () => options.resumeFrom ?? 0,
    handle: async (event: RecordedEvent) => {
      if (options.failing?.has(event.position)) {
        failed.push(event.position);
        throw new Error('the store is unreachable');
      }
      handled.push(event.position);
    },
  });
  return { follower, handled, failed };
}

const followed = (log: FollowedLog, n: number) => log.put('s-1', 'Followed', { n });
const other = (log: FollowedLog) => log.put('s-2', 'Other', {});

async function eventually(done: () => boolean): Promise<void> {
  for (let tries = 0; !done(); tries++) {
    if (tries > 500) throw new Error('never got there');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('LogFollower', () => {
  it('resumes after the kept checkpoint, not from resumeFrom', async () => {
    const log = new FollowedLog();
    const first = await followed(log, 1);
    const second = await followed(log, 2);
    await log.checkpointAt(NAME, first);
    const { follower, handled } = following(log, { resumeFrom: 0 });
    follower.start();
    await eventually(() => handled.length === 1);
    await follower.stop();
    expect(log.subscribedFrom).toEqual([first]);
    expect(handled).toEqual([second]);
    await log.close();
  });

  it('reads from resumeFrom without a kept checkpoint; caught up, it is at the head read before subscribing', async () => {
    const log = new FollowedLog();
    await followed(log, 1);
    const from = await followed(log, 2);
    const last = await followed(log, 3);
    const head = await other(log);
    const { follower, handled } = following(log, { resumeFrom: from });
    follower.start();
    await eventually(() => follower.checkpoint() === head);
    await follower.stop();
    expect(log.subscribedFrom).toEqual([from]);
    expect(handled).toEqual([last]);

    // Without a read store nothing is kept: every start reads from resumeFrom.
    const unkept = following(log, { resumeFrom: from, withReads: false });
    unkept.follower.start();
    await eventually(() => unkept.handled.length === 1);
    await unkept.follower.stop();
    expect(log.subscribedFrom).toEqual([from, from]);
    await log.close();
  });

  it('delivers an event whose handling failed again, and the checkpoint does not pass it', async () => {
    const log = new FollowedLog();
    const ok = await followed(log, 1);
    const failing = await followed(log, 2);
    await other(log);
    const broken = following(log, { failing: new Set([failing]) });
    broken.follower.start();
    await eventually(() => broken.failed.length >= 2);
    await broken.follower.stop();
    expect(broken.handled).toEqual([ok]);
    expect(broken.follower.checkpoint()).toBe(ok);
    expect(await log.checkpointOf(NAME)).toBe(ok);

    // Mended: the next start delivers it again, from the checkpoint before it.
    const mended = following(log, {});
    mended.follower.start();
    await eventually(() => mended.handled.length === 1);
    await mended.follower.stop();
    expect(log.subscribedFrom).toEqual([0, ok]);
    expect(mended.handled).toEqual([failing]);
    await log.close();
  });

  it('stores the position handled at stop, without waiting for the next save', async () => {
    const log = new FollowedLog();
    await followed(log, 1);
    const head = await followed(log, 2);
    const { follower } = following(log, {});
    follower.start();
    await eventually(() => follower.checkpoint() === head);
    // Stored a second after it was handled at most: not yet.
    expect(await log.checkpointOf(NAME)).toBeNull();
    await follower.stop();
    expect(await log.checkpointOf(NAME)).toBe(head);
    await log.close();
  });
});
