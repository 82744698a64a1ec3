import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { CommandContext } from '../../platform/command-context.js';
import { CommandInContext } from '../../platform/command-handler.js';
import { EmailKeys } from '../../platform/email-key.js';
import { DomainError } from '../../platform/errors.js';
import type { EventStore } from '../../platform/event-store/event-store.js';
import { isForgotten } from '../../platform/privacy/personal-data.js';
import { EVENT_STORE } from '../../platform/injection-keys.js';
import { readConfirmationToken } from './confirmation.js';
import { ConfirmationMails } from './confirmation-mails.js';
import { INTEREST_REGISTER_STREAM, interestRegister, INVALID_LINK } from './early-access.decider.js';
import type { ConfirmationReceiptDto, RegisterInterestDto, RegistrationReceiptDto } from './early-access.dto.js';

export class RegisterInterestCommand extends Command<RegistrationReceiptDto> {
  constructor(
    readonly form: RegisterInterestDto,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** Records the registration, then has its confirmation mail sent (it counts toward the 100 once confirmed). */
@CommandHandler(RegisterInterestCommand)
export class RegisterInterestHandler implements ICommandHandler<RegisterInterestCommand> {
  constructor(
    private readonly repository: AggregateRepository,
    private readonly emailKeys: EmailKeys,
    private readonly mails: ConfirmationMails,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  async execute({ form, context }: RegisterInterestCommand): Promise<RegistrationReceiptDto> {
    const { key, legacy } = await this.emailKeys.pair(form.email);
    // Forgetting is for good, so a holder found forgotten here is still forgotten when the register decides.
    const { state } = await this.repository.load(interestRegister, INTEREST_REGISTER_STREAM);
    const holders = [key, legacy].map((k) => state.byEmail.get(k)).filter((id): id is string => id !== undefined);
    const forgotten = [];
    for (const holder of holders) if (await isForgotten(this.events, holder)) forgotten.push(holder);
    const registrationId = randomUUID();
    const { position } = await this.repository.handle(
      interestRegister,
      INTEREST_REGISTER_STREAM,
      {
        type: 'RegisterInterest',
        registrationId,
        registrant: {
          firstName: form.firstName,
          lastName: form.lastName,
          email: form.email,
          phone: form.phone,
          dateOfBirth: form.dateOfBirth,
          city: form.city,
          occupation: form.occupation,
          additionalInfo: form.additionalInfo?.trim() || null,
        },
        country: form.country,
        investmentInterest: form.investmentInterest,
        investmentAmount: form.investmentAmount,
        experience: form.experience,
        agreeToTerms: form.agreeToTerms,
        agreeToContact: form.agreeToContact,
        emailKeys: [key, legacy],
        forgotten,
        at: context.now,
      },
      context,
    );
    this.mails.sendSoon(registrationId, { email: form.email.trim(), firstName: form.firstName }, context.correlationId);
    return { registrationId, position };
  }
}

/** The token from the confirmation link. */
export class ConfirmInterestCommand extends CommandInContext<string, ConfirmationReceiptDto> {}

/** The registrant opened the link: the registration is confirmed and numbered, the first 100 with the fee waived. */
@CommandHandler(ConfirmInterestCommand)
export class ConfirmInterestHandler implements ICommandHandler<ConfirmInterestCommand> {
  constructor(private readonly repository: AggregateRepository) {}

  async execute({ request: token, context }: ConfirmInterestCommand): Promise<ConfirmationReceiptDto> {
    const link = readConfirmationToken(token);
    if (!link) throw new DomainError(INVALID_LINK, 400, [{ field: 'token', message: INVALID_LINK }]);
    const { events, position } = await this.repository.handle(
      interestRegister,
      INTEREST_REGISTER_STREAM,
      { type: 'ConfirmInterest', registrationId: link.registrationId, tokenHash: link.tokenHash, at: context.now },
      context,
    );
    const confirmed = events.find((e) => e.type === 'InterestConfirmed');
    if (!confirmed) throw new Error('Confirmation decided no event');
    return {
      registrationId: confirmed.data.registrationId,
      number: confirmed.data.number,
      feeWaived: confirmed.data.feeWaived,
      position,
    };
  }
}
