import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { CommandContext } from '../../platform/command-context.js';
import { INTEREST_REGISTER_STREAM, interestRegister } from './decider.js';
import type { RegisterInterestDto, RegistrationReceiptDto } from './register-interest.dto.js';

export class RegisterInterestCommand extends Command<RegistrationReceiptDto> {
  constructor(
    readonly form: RegisterInterestDto,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(RegisterInterestCommand)
export class RegisterInterestHandler implements ICommandHandler<RegisterInterestCommand> {
  constructor(private readonly repository: AggregateRepository) {}

  async execute({ form, context }: RegisterInterestCommand): Promise<RegistrationReceiptDto> {
    const { events, position } = await this.repository.handle(
      interestRegister,
      INTEREST_REGISTER_STREAM,
      {
        type: 'RegisterInterest',
        registrationId: randomUUID(),
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
        at: context.now,
      },
      context,
    );
    const { registrationId, number, feeWaived } = events[0]!.data;
    return { registrationId, number, feeWaived, position };
  }
}
