import type { RecordedEvent } from '../event-store/event-store.js';
import { Upcasters } from '../event-store/upcasters.js';
import type { Doc } from '../read-store/read-store.js';
import { defineProjection, project } from './projection.js';

interface Tally extends Doc {
  count: number;
  tags: string[];
}

let position = 0;
function recorded(
  type: string,
  data: { keys: string[]; tag?: string; label?: string },
  schemaVersion = 1,
): RecordedEvent {
  position++;
  return {
    streamId: 'tally-1',
    revision: position - 1,
    position,
    type,
    data,
    metadata: {
      eventId: `e${position}`,
      schemaVersion,
      occurredAt: '2025-01-01T00:00:00.000Z',
      actor: { kind: 'system', name: 'test' },
      correlationId: 'test',
      causationId: null,
    },
  };
}

type TallyEvent =
  | { type: 'Tagged' | 'TallyTagged'; data: { keys: string[]; tag: string } }
  | { type: 'Cleared'; data: { keys: string[] } };

// Version 1 of TallyTagged called the tag "label".
const tallyUpcasters = new Upcasters([
  {
    TallyTagged: [
      (data) => {
        const { label, ...rest } = data as { keys: string[]; label: string };
        return { ...rest, tag: label };
      },
    ],
  },
]);

const tallies = defineProjection<Tally, TallyEvent>({
  name: 'tallies',
  version: 1,
  eventTypes: ['Tagged', 'Cleared', 'TallyTagged'],
  upcasters: tallyUpcasters,
  keys: (e) => e.data.keys,
  evolve: (doc, e, id) => {
    if (e.type === 'Cleared') return null;
    const current = doc ?? { _id: 'ignored: the key is the id', count: 0, tags: [] };
    return { ...current, count: current.count + 1, tags: [...current.tags, `${id}:${e.data.tag}`] };
  },
});

describe('project', () => {
  it('folds the events a projection follows into documents keyed by id, skipping the others', () => {
    const docs = project(tallies, [
      recorded('Tagged', { keys: ['a'], tag: 'x' }),
      recorded('Unrelated', { keys: ['a'], tag: 'nope' }),
      recorded('Tagged', { keys: ['a', 'b'], tag: 'y' }),
    ]);

    expect([...docs.entries()]).toEqual([
      ['a', { _id: 'a', count: 2, tags: ['a:x', 'a:y'] }],
      ['b', { _id: 'b', count: 1, tags: ['b:y'] }],
    ]);
  });

  it('deletes a document when evolve returns null, and can start it again', () => {
    const docs = project(tallies, [
      recorded('Tagged', { keys: ['a', 'b'], tag: 'x' }),
      recorded('Cleared', { keys: ['a'] }),
      recorded('Tagged', { keys: ['b'], tag: 'y' }),
    ]);
    expect([...docs.keys()]).toEqual(['b']);

    const again = project(tallies, [
      recorded('Tagged', { keys: ['a'], tag: 'x' }),
      recorded('Cleared', { keys: ['a'] }),
      recorded('Tagged', { keys: ['a'], tag: 'z' }),
    ]);
    expect(again.get('a')).toEqual({ _id: 'a', count: 1, tags: ['a:z'] });
  });

  it('applies an event once to a key it names twice, as the engine does', () => {
    const docs = project(tallies, [recorded('Tagged', { keys: ['a', 'a'], tag: 'x' })]);
    expect(docs.get('a')).toEqual({ _id: 'a', count: 1, tags: ['a:x'] });
  });

  it('hands keys and evolve only the events it lists: any other names no document and changes none', () => {
    const stranger = recorded('Unrelated', { keys: ['a'], tag: 'nope' });
    expect(tallies.keys(stranger)).toEqual([]);
    const doc = { _id: 'a', count: 1, tags: ['a:x'] };
    expect(tallies.evolve(doc, stranger, 'a')).toBe(doc);
    expect(tallies.evolve(null, stranger, 'a')).toBeNull();
  });

  it('upcasts old event shapes before evolve sees them, as the engine does', () => {
    const docs = project(tallies, [
      recorded('TallyTagged', { keys: ['a'], label: 'old' }, 1),
      recorded('TallyTagged', { keys: ['a'], tag: 'new' }, 2),
    ]);
    expect(docs.get('a')).toEqual({ _id: 'a', count: 2, tags: ['a:old', 'a:new'] });
  });
});
