import fc from 'fast-check';
import { Query } from 'mingo';
import { MemoryReadStore } from './memory-read-store.js';
import { describeReadStoreContract } from './read-store.contract.js';
import type { WriteOp } from './read-store.js';

describeReadStoreContract('memory', async () => new MemoryReadStore());

describe('memory read store: equality indexes', () => {
  interface Row {
    _id: string;
    investorId?: unknown;
    n?: number;
  }
  const value = fc.oneof(
    fc.constantFrom('a', 'b', 'constructor', '__proto__'),
    fc.integer({ min: 0, max: 3 }),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(['a', 'b'], ['c'], { a: 1 }),
  );
  const op = fc.oneof(
    fc.record({ upsert: fc.record({ _id: fc.integer({ min: 0, max: 12 }).map(String), investorId: value }) }),
    fc.record({ delete: fc.integer({ min: 0, max: 12 }).map(String) }),
  );

  it('finds and counts what a scan finds (by equality and by $in), in the same order, however the documents were written', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 10, maxLength: 60 }), { minLength: 1, maxLength: 4 }),
        value,
        async (batches, wanted) => {
          const store = new MemoryReadStore();
          const rows = store.collection<Row>('rows');
          // Enough documents for the index to be used, written before and after its first query.
          await rows.write(
            Array.from({ length: 80 }, (_, i) => ({ upsert: { _id: `seed${i}`, investorId: i % 4, n: i } })),
          );
          for (const ops of batches) {
            await rows.find({ investorId: 'a' });
            await rows.write(ops as WriteOp<Row>[]);
          }
          const all = await rows.find();
          const scanned = all.filter((d) =>
            new Query({ investorId: wanted }).test(d as unknown as Record<string, unknown>),
          );
          expect(await rows.find({ investorId: wanted })).toEqual(scanned);
          expect(await rows.count({ investorId: wanted })).toBe(scanned.length);
          const two = all.filter((d) =>
            new Query({ investorId: wanted, n: 3 }).test(d as unknown as Record<string, unknown>),
          );
          expect(await rows.find({ investorId: wanted, n: 3 })).toEqual(two);
          const either = { investorId: { $in: [wanted, 'b', 1] } };
          const eitherScanned = all.filter((d) => new Query(either).test(d as unknown as Record<string, unknown>));
          expect(await rows.find(either)).toEqual(eitherScanned);
          expect(await rows.count(either)).toBe(eitherScanned.length);
        },
      ),
      { numRuns: 150 },
    );
  });
});
