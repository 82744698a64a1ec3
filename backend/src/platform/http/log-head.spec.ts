import { LogHead } from './read-your-writes.js';

/** A head read the test answers when it likes. */
function controlledHead() {
  const pending: { resolve: (position: number) => void; reject: (error: Error) => void }[] = [];
  const read = () => new Promise<number>((resolve, reject) => pending.push({ resolve, reject }));
  return { read, pending };
}

/** Lets queued promise callbacks (and a zero-length pause) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('LogHead: the head read shared by requests with tokens this replica does not know', () => {
  it('answers a burst of callers with one read', async () => {
    const head = controlledHead();
    const log = new LogHead(head.read, 0);
    const answers = Promise.all(Array.from({ length: 50 }, () => log.position()));
    await settle();
    expect(head.pending).toHaveLength(1);
    head.pending[0]!.resolve(7);
    expect(await answers).toEqual(Array.from({ length: 50 }, () => 7));
    expect(log.reads).toBe(1);
  });

  it('never gives a caller a read that started before it asked: it shares the next one', async () => {
    const head = controlledHead();
    const log = new LogHead(head.read, 0);
    const early = log.position();
    await settle();
    expect(head.pending).toHaveLength(1);
    // Asked while the first read is out: that read may predate a sign-in this caller's token comes from.
    const late = [log.position(), log.position(), log.position()];
    await settle();
    expect(head.pending).toHaveLength(1);
    head.pending[0]!.resolve(5);
    expect(await early).toBe(5);
    await settle();
    expect(head.pending).toHaveLength(2);
    head.pending[1]!.resolve(9);
    expect(await Promise.all(late)).toEqual([9, 9, 9]);
    expect(log.reads).toBe(2);
  });

  it('passes a failed read to its callers and reads afresh for the next', async () => {
    const head = controlledHead();
    const log = new LogHead(head.read, 0);
    const failed = log.position();
    await settle();
    head.pending[0]!.reject(new Error('connection refused'));
    await expect(failed).rejects.toThrow('connection refused');
    const next = log.position();
    await settle();
    head.pending[1]!.resolve(3);
    expect(await next).toBe(3);
  });
});
