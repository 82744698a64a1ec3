import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { CommandContext } from '../../platform/command-context.js';
import { verificationStream } from './events.js';
import { verification, type VerificationCommand } from './verification.decider.js';

export class ExecuteVerificationCommand extends Command<{ position: number; appended: number }> {
  constructor(
    readonly command: VerificationCommand,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ExecuteVerificationCommand)
export class ExecuteVerificationHandler implements ICommandHandler<ExecuteVerificationCommand> {
  constructor(private readonly repository: AggregateRepository) {}

  async execute({ command, context }: ExecuteVerificationCommand): Promise<{ position: number; appended: number }> {
    const { position, events } = await this.repository.handle(
      verification,
      verificationStream(command.userId),
      command,
      context,
    );
    return { position, appended: events.length };
  }
}
