import { randomUUID } from 'node:crypto';
import type { CommandContext } from './command-context.js';
import { fold, type Decider, type DomainEvent } from './decider.js';
import { eventMisfit, unrecordable } from './event-schema.js';
import { WrongExpectedRevisionError, type EventStore, type RecordedEvent } from './event-store/event-store.js';
import type { Upcasters } from './event-store/upcasters.js';
import { KeyedLock } from './keyed-lock.js';

export interface Decided<E extends DomainEvent, S> {
  events: E[];
  state: S;
  /** Global position of the last event appended, for read-your-writes; the head position when nothing was appended. */
  position: number;
  revision: number;
}

interface Cached {
  revision: number;
  state: unknown;
}

/** Where a refused event is reported: a misfit means a decider let bad input through, which is a bug to fix. */
export interface ErrorLog {
  error(details: object, message: string): void;
}

const MAX_CACHED_STREAMS = 10_000;
const MAX_ATTEMPTS = 8;

/**
 * Loads, decides, appends — nothing else. Commands on one stream are queued in-process, so a hot stream
 * (the early-access counter, an offering's tokens) does not thrash on retries; the expected revision still
 * guards against other processes, and a conflict is retried on fresh state.
 * Folded state is cached per (decider, stream) and only the newer events are read on the next command.
 * Every event is checked against its type's schema first (the decider's `eventSchemas`): one that does not fit
 * is never appended, the command is refused with a 422, and the misfit is logged as an error.
 */
export class AggregateRepository {
  private readonly lock = new KeyedLock();
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly store: EventStore,
    private readonly log: ErrorLog,
  ) {}

  async load<C, E extends DomainEvent, S>(
    decider: Decider<C, E, S>,
    streamId: string,
  ): Promise<{ state: S; revision: number }> {
    const key = `${decider.name}\u0000${streamId}`;
    const cached = this.cache.get(key);
    let state = (cached?.state as S | undefined) ?? decider.initialState;
    let revision = cached?.revision ?? -1;
    const newer = await this.store.readStream(streamId, {
      fromRevision: revision + 1,
      keepPersonalSealed: decider.ignoresPersonalData === true,
    });
    if (newer.length > 0) {
      state = fold(
        decider,
        newer.map((e) => toDomainEvent<E>(e, decider.upcasters)),
        state,
      );
      revision = newer.at(-1)!.revision;
    }
    this.remember(key, { state, revision });
    return { state, revision };
  }

  handle<C, E extends DomainEvent, S>(
    decider: Decider<C, E, S>,
    streamId: string,
    command: C,
    context: CommandContext,
  ): Promise<Decided<E, S>> {
    return this.handleAsking(decider, streamId, () => command, context);
  }

  /**
   * As `handle`, for a command built from what something outside the log says now about the state it is decided on
   * (a payment provider's record, read after the stream was loaded): `ask` runs after each load, inside the stream's
   * lock, and a conflict on append asks again on the fresh state — so no answer is ever decided against a log that
   * moved after it was read. `ask` answering null decides nothing. `ask` also gets the stream's revision: a command
   * that holds only if the stream has not moved since something else was read (forgetting a person, decided on what
   * their verification stream said) refuses when it has.
   */
  async handleAsking<C, E extends DomainEvent, S>(
    decider: Decider<C, E, S>,
    streamId: string,
    ask: (state: S, revision: number) => C | null | Promise<C | null>,
    context: CommandContext,
  ): Promise<Decided<E, S>> {
    return this.lock.run(streamId, async () => {
      for (let attempt = 1; ; attempt++) {
        const { state, revision } = await this.load(decider, streamId);
        const command = await ask(state, revision);
        const events = command === null ? [] : decider.decide(command, state);
        if (events.length === 0) return { events, state, revision, position: await this.store.headPosition() };
        this.refuseMisfits(decider, streamId, events, context);
        try {
          const result = await this.store.append(
            streamId,
            events.map((e) => ({
              type: e.type,
              data: e.data,
              metadata: {
                eventId: randomUUID(),
                schemaVersion: decider.upcasters.versionOf(e.type),
                occurredAt: context.now,
                actor: decider.actorOf?.(e) ?? context.actor,
                correlationId: context.correlationId,
                causationId: context.causationId,
              },
            })),
            revision === -1 ? 'no_stream' : revision,
          );
          const next = fold(decider, events, state);
          this.remember(`${decider.name}\u0000${streamId}`, { state: next, revision: result.nextRevision });
          return { events, state: next, revision: result.nextRevision, position: result.position };
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
          // Another process appended meanwhile (a second replica deciding on the same stream): a random pause that
          // grows with each try lets it finish its own burst, so two replicas do not collide eight times running
          // (one investment in 420 did across two replicas, found by an outside probe).
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 4 * attempt));
        }
      }
    });
  }

  private refuseMisfits<C, E extends DomainEvent, S>(
    decider: Decider<C, E, S>,
    streamId: string,
    events: readonly E[],
    context: CommandContext,
  ): void {
    for (const event of events) {
      const misfit = eventMisfit(decider.eventSchemas, event);
      if (misfit === null) continue;
      // Names only: the event's data may hold personal data, which never goes to the logs.
      const details = { decider: decider.name, streamId, misfit, correlationId: context.correlationId };
      this.log.error(details, 'event refused by its schema');
      throw unrecordable(misfit);
    }
  }

  private remember(key: string, entry: Cached): void {
    this.cache.delete(key);
    this.cache.set(key, entry);
    if (this.cache.size > MAX_CACHED_STREAMS) this.cache.delete(this.cache.keys().next().value!);
  }
}

export function toDomainEvent<E extends DomainEvent>(event: RecordedEvent, upcasters: Upcasters): E {
  const current = upcasters.upcast(event);
  return { type: current.type, data: current.data } as E;
}
