import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { CommandContext } from '../../platform/command-context.js';
import { compliance, type ComplianceCommand } from './compliance.decider.js';
import { complianceStream } from './events.js';

export class ExecuteComplianceCommand extends Command<{ position: number }> {
  constructor(
    readonly command: ComplianceCommand,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ExecuteComplianceCommand)
export class ExecuteComplianceHandler implements ICommandHandler<ExecuteComplianceCommand> {
  constructor(private readonly repository: AggregateRepository) {}

  async execute({ command, context }: ExecuteComplianceCommand): Promise<{ position: number }> {
    const { position } = await this.repository.handle(compliance, complianceStream(command.ownerId), command, context);
    return { position };
  }
}
