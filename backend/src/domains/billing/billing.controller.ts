import {
  applyDecorators,
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Inject,
  Post,
  Req,
  type Type,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiExcludeEndpoint,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { RawBodyRequest } from '@nestjs/common';
import type { CommandContext } from '../../platform/command-context.js';
import type { Config } from '../../platform/config.js';
import { DomainError } from '../../platform/errors.js';
import { Authenticated, CurrentUser, type SignedInUser } from '../../platform/http/auth.js';
import { Ctx, type KauriRequest } from '../../platform/http/request-context.js';
import { SubscriptionQueries } from '../../projections/subscriptions.query.js';
import { CONFIG } from '../../platform/injection-keys.js';
import type { SubscriptionDoc } from '../../projections/subscriptions.js';
import {
  BillingOverviewDto,
  CancelSubscriptionResponseDto,
  ChangePlanDto,
  CreateSubscriptionDto,
  CreateSubscriptionResponseDto,
  PlanChangedDto,
  PlanDto,
  PortalDto,
  SandboxPaymentDto,
  SubscriptionStatusDto,
  SuccessDto,
} from './billing.dto.js';
import { PLANS, TIERS } from '../plans/plans.js';
import {
  ApplyProviderEventCommand,
  CancelSubscriptionCommand,
  ChangePlanCommand,
  ConfirmSandboxPaymentCommand,
  StartSubscriptionCommand,
} from './billing.handlers.js';
import { SettleOneOffPaymentCommand, SettleOneOffRefundCommand } from './payment-handler.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider.js';
import type { StripePaymentProvider } from './stripe-provider.js';

@ApiTags('billing')
@Controller('api')
export class BillingController {
  constructor(
    private readonly commands: CommandBus,
    private readonly subscriptions: SubscriptionQueries,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Get('plans')
  @ApiOperation({ summary: 'The plan catalogue: prices (NZD), billing, limits and features' })
  @ApiOkResponse({ type: [PlanDto] })
  plans(): PlanDto[] {
    return TIERS.map((tier) => PLANS[tier]);
  }

  @SubscriptionChange(
    'create-subscription',
    'Start paying for a plan: the client secret for the payment form (docs/specification.md §7)',
    CreateSubscriptionResponseDto,
    'A monthly plan is already active',
  )
  create(
    @Body() body: CreateSubscriptionDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ): Promise<CreateSubscriptionResponseDto> {
    return this.commands.execute(new StartSubscriptionCommand(user.userId, body.tier, context));
  }

  @Get('subscription/status')
  @Authenticated()
  @ApiOkResponse({ type: SubscriptionStatusDto })
  async status(@CurrentUser() user: SignedInUser): Promise<SubscriptionStatusDto> {
    return statusOf(await this.subscription(user.userId));
  }

  @SubscriptionChange(
    'subscription/change',
    'Upgrade or downgrade a running monthly plan to the other monthly tier; the rest of the period is prorated at once',
    PlanChangedDto,
    'No running monthly plan, the same plan, Starter, past due, or set to end',
  )
  changePlan(
    @Body() body: ChangePlanDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ): Promise<PlanChangedDto> {
    return this.commands.execute(new ChangePlanCommand(user.userId, body.tier, context));
  }

  @SubscriptionChange(
    'subscription/cancel',
    'Cancel at the end of the paid period (not offered for the one-time Starter plan)',
    CancelSubscriptionResponseDto,
    'Nothing to cancel, or the Starter plan',
  )
  async cancel(
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ): Promise<CancelSubscriptionResponseDto> {
    const { position } = await this.commands.execute(new CancelSubscriptionCommand(user.userId, context));
    return { success: true, position };
  }

  @Get('billing')
  @Authenticated()
  @ApiOperation({ summary: 'The billing page: plan, status, payment provider and billing history' })
  @ApiOkResponse({ type: BillingOverviewDto })
  async overview(@CurrentUser() user: SignedInUser): Promise<BillingOverviewDto> {
    const doc = await this.subscription(user.userId);
    return {
      ...statusOf(doc),
      provider: this.provider.kind,
      publishableKey: this.provider.publishableKey,
      lastPaymentError: doc?.lastPaymentError ?? null,
      history: doc?.history ?? [],
    };
  }

  @Post('billing/portal')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: "The provider's billing portal: invoices, payment method, billing history" })
  @ApiOkResponse({ type: PortalDto })
  async portal(@CurrentUser() user: SignedInUser): Promise<PortalDto> {
    const doc = await this.subscription(user.userId);
    if (this.provider.kind === 'stripe' && !doc?.customerId)
      throw new DomainError('There is no billing account yet: choose a plan first', 409);
    // PUBLIC_URL, never the request's Host: a forged Host must not send anyone from the provider elsewhere.
    const returnUrl = `${this.config.publicUrl}/billing`;
    return { url: await this.provider.portalUrl(doc?.customerId ?? '', returnUrl) };
  }

  @Post('billing/sandbox/confirm')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: "Sandbox mode only: pay the pending checkout with one of Stripe's test cards" })
  @ApiOkResponse({ type: SuccessDto })
  @ApiBadRequestResponse({ description: "The card form is incomplete, e.g. 'Your card number is incorrect.'" })
  async confirmSandbox(
    @Body() body: SandboxPaymentDto,
    @CurrentUser() user: SignedInUser,
    @Ctx() context: CommandContext,
  ): Promise<SuccessDto> {
    const { position } = await this.commands.execute(
      new ConfirmSandboxPaymentCommand(
        user.userId,
        body.clientSecret,
        { number: body.number, expiry: body.expiry, cvc: body.cvc },
        context,
      ),
    );
    return { success: true, position };
  }

  @Post('stripe/webhook')
  @HttpCode(200)
  @ApiExcludeEndpoint()
  async webhook(
    @Req() req: RawBodyRequest<KauriRequest>,
    @Headers('stripe-signature') signature: string | undefined,
    @Ctx() context: CommandContext,
  ): Promise<{ received: true }> {
    if (!isStripe(this.provider)) throw new DomainError('Stripe is not configured', 404);
    if (!req.rawBody) throw new DomainError('Invalid webhook signature', 400);
    const notice = this.provider.parseWebhook(req.rawBody, signature);
    const system: CommandContext = { ...context, actor: { kind: 'system', name: 'stripe-webhook' } };
    // A failure answers 5xx, and Stripe delivers the event again later.
    switch (notice?.kind) {
      case undefined:
        break;
      case 'subscription':
        await this.commands.execute(new ApplyProviderEventCommand(notice.event, system));
        break;
      case 'one-off-payment':
        await this.commands.execute(new SettleOneOffPaymentCommand(notice.payment, system));
        break;
      case 'one-off-refund':
        await this.commands.execute(new SettleOneOffRefundCommand(notice.refund, system));
        break;
      default: {
        const _exhaustive: never = notice;
        throw new Error(`unknown webhook notice ${JSON.stringify(_exhaustive)}`);
      }
    }
    return { received: true };
  }

  private async subscription(userId: string): Promise<SubscriptionDoc | null> {
    return this.subscriptions.of(userId);
  }
}

/** A change the signed-in person makes to their own subscription: a POST answering 200, or 409 when it conflicts. */
function SubscriptionChange(path: string, summary: string, answer: Type<unknown>, conflict: string) {
  return applyDecorators(
    Post(path),
    HttpCode(200),
    Authenticated(),
    ApiOperation({ summary }),
    ApiOkResponse({ type: answer }),
    ApiConflictResponse({ description: conflict }),
  );
}

/** Where a person's subscription stands; no document yet is an inactive one. */
function statusOf(doc: SubscriptionDoc | null): SubscriptionStatusDto {
  return {
    status: doc?.status ?? 'inactive',
    tier: doc?.tier ?? null,
    currentPeriodEnd: doc?.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: doc?.cancelAtPeriodEnd ?? false,
  };
}

function isStripe(provider: PaymentProvider): provider is StripePaymentProvider {
  return provider.kind === 'stripe';
}
