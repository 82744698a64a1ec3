import { Inject, type Type } from '@nestjs/common';
import { Command, CommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from './aggregate-repository.js';
import type { CommandContext } from './command-context.js';
import type { Decider, DomainEvent } from './decider.js';

/** What a command that appended answers: the position of its last event (read-your-writes). */
export interface Appended {
  position: number;
}

/**
 * A command on the bus: what is asked (a decider's command, or the request's own input) and the request's context.
 * A slice names its commands by extending it: `class ExecuteXCommand extends CommandInContext<XCommand> {}`.
 */
export class CommandInContext<P, R = Appended> extends Command<R> {
  constructor(
    readonly request: P,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * The handler of a command one decider decides on one stream, with nothing around it: load the stream, decide,
 * append, answer the position. `streamOf` names the stream from the decider's command (or from the bus command).
 */
export function decidingHandler<C, E extends DomainEvent, S, K extends CommandInContext<C>>(
  commandType: Type<K>,
  decider: Decider<C, E, S>,
  streamOf: (command: C, asked: K) => string,
): Type<{ execute(asked: K): Promise<Appended> }> {
  @CommandHandler(commandType)
  class DecidingHandler {
    constructor(@Inject(AggregateRepository) private readonly repository: AggregateRepository) {}

    async execute(asked: K): Promise<Appended> {
      const { position } = await this.repository.handle(
        decider,
        streamOf(asked.request, asked),
        asked.request,
        asked.context,
      );
      return { position };
    }
  }
  // Named after its command, as a hand-written handler would be, for Nest's logs.
  Object.defineProperty(DecidingHandler, 'name', { value: commandType.name.replace(/Command$/, 'Handler') });
  return DecidingHandler;
}
