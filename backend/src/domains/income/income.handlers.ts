import type { CommandContext } from '../../platform/command-context.js';
import { CommandInContext, decidingHandler } from '../../platform/command-handler.js';
import { taxProfileStream } from './events.js';
import { taxPayment, type TaxPaymentCommand } from './tax-payment.decider.js';
import { taxProfile, type TaxProfileCommand } from './tax-profile.decider.js';

export class ExecuteTaxProfileCommand extends CommandInContext<TaxProfileCommand> {}

export const ExecuteTaxProfileHandler = decidingHandler(ExecuteTaxProfileCommand, taxProfile, (command) =>
  taxProfileStream(command.userId),
);

export class ExecuteTaxPaymentCommand extends CommandInContext<TaxPaymentCommand> {
  constructor(
    readonly stream: string,
    command: TaxPaymentCommand,
    context: CommandContext,
  ) {
    super(command, context);
  }
}

/** A payment of withheld tax to Inland Revenue, on its period and kind's stream. */
export const ExecuteTaxPaymentHandler = decidingHandler(
  ExecuteTaxPaymentCommand,
  taxPayment,
  (_, asked) => asked.stream,
);
