import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { CommandContext } from '../../platform/command-context.js';
import { taxProfileStream } from './events.js';
import { taxPayment, type TaxPaymentCommand } from './tax-payment.decider.js';
import { taxProfile, type TaxProfileCommand } from './tax-profile.decider.js';

export class ExecuteTaxProfileCommand extends Command<{ position: number }> {
  constructor(
    readonly command: TaxProfileCommand,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ExecuteTaxProfileCommand)
export class ExecuteTaxProfileHandler implements ICommandHandler<ExecuteTaxProfileCommand> {
  constructor(private readonly repository: AggregateRepository) {}

  async execute({ command, context }: ExecuteTaxProfileCommand): Promise<{ position: number }> {
    const { position } = await this.repository.handle(taxProfile, taxProfileStream(command.userId), command, context);
    return { position };
  }
}

export class ExecuteTaxPaymentCommand extends Command<{ position: number }> {
  constructor(
    readonly stream: string,
    readonly command: TaxPaymentCommand,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** A payment of withheld tax to Inland Revenue, on its period and kind's stream. */
@CommandHandler(ExecuteTaxPaymentCommand)
export class ExecuteTaxPaymentHandler implements ICommandHandler<ExecuteTaxPaymentCommand> {
  constructor(private readonly repository: AggregateRepository) {}

  async execute({ stream, command, context }: ExecuteTaxPaymentCommand): Promise<{ position: number }> {
    const { position } = await this.repository.handle(taxPayment, stream, command, context);
    return { position };
  }
}
