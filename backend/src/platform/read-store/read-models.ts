import type { Projection } from '../projection-engine/projection.js';
import { ReadModelMemo } from './read-model-memo.js';
import type { Doc, FindOptions, Filter, ReadStore } from './read-store.js';

/** What names a read model: its projection (the name of its collection, and the type of its documents). */
export type ReadModelOf<D extends Doc> = Pick<Projection<D>, 'name' | 'evolve'>;

/**
 * A read model as queries read it: its documents as the projection wrote them, without the read side's bookkeeping
 * (`_position`, or any other field starting with `_` but the `_id`). Reading only: projections write through the
 * engine.
 */
export interface ReadModel<D extends Doc> {
  readonly name: string;
  get(id: string): Promise<D | null>;
  /** Without a sort the order is the adapter's: ask for one when it matters. */
  find(filter?: Filter, options?: FindOptions): Promise<D[]>;
  count(filter?: Filter): Promise<number>;
  /** The documents with these ids, by id, in one query (each id once; missing ones are absent). */
  byIds(ids: Iterable<string>): Promise<Map<string, D>>;
}

/** A stored document without the fields the read side keeps for itself (every `_` name but `_id`). */
function withoutBookkeeping<D extends Doc>(doc: D): D {
  let internal = false;
  for (const key in doc) if (key !== '_id' && key.charCodeAt(0) === 95) internal = true;
  if (!internal) return doc;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) if (key === '_id' || !key.startsWith('_')) out[key] = value;
  return out as D;
}

/**
 * The one way to the read side: given a projection, its read model, typed by the projection's documents. What
 * it answers carries no internal field, so a query hands documents on as they are.
 */
export class ReadModels {
  constructor(private readonly store: ReadStore) {}

  of<D extends Doc>(projection: ReadModelOf<D>): ReadModel<D> {
    const collection = this.store.collection<D>(projection.name);
    return {
      name: projection.name,
      get: async (id) => {
        const doc = await collection.get(id);
        return doc && withoutBookkeeping(doc);
      },
      find: async (filter, options) => (await collection.find(filter, options)).map(withoutBookkeeping),
      count: (filter) => collection.count(filter),
      byIds: async (ids) => {
        const wanted = [...new Set(ids)];
        if (wanted.length === 0) return new Map();
        const found = await collection.find({ _id: { $in: wanted } });
        return new Map(found.map((doc) => [doc._id, withoutBookkeeping(doc)]));
      },
    };
  }

  /** Values worked out from these read models, kept until any of them changes (`ReadModelMemo`). */
  memo<K, V>(readModels: readonly { readonly name: string }[], maxEntries?: number): ReadModelMemo<K, V> {
    return new ReadModelMemo<K, V>(
      this.store,
      readModels.map((p) => p.name),
      maxEntries,
    );
  }
}
