import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Config } from '../../platform/config.js';
import { CONFIG } from '../../platform/injection-keys.js';
import { EarlyAccessWaivers } from '../calculators/early-access-waivers.js';
import { BillingController } from './billing.controller.js';
import {
  ApplyProviderEventHandler,
  CancelSubscriptionHandler,
  CheckPlanHandler,
  ChangePlanHandler,
  ConfirmSandboxPaymentHandler,
  StartSubscriptionHandler,
} from './billing.handlers.js';
import { PAYMENT_PROVIDER } from './payment-provider.js';
import { PlanCheck } from './plan-check.js';
import { SandboxPaymentProvider } from './sandbox-provider.js';

@Module({
  imports: [CqrsModule],
  controllers: [BillingController],
  providers: [
    EarlyAccessWaivers,
    {
      provide: PAYMENT_PROVIDER,
      inject: [CONFIG],
      // The Stripe SDK (hundreds of modules) is loaded only when Stripe is configured: every boot is faster.
      useFactory: async (config: Config) =>
        config.stripe
          ? new (await import('./stripe-provider.js')).StripePaymentProvider(config.stripe)
          : new SandboxPaymentProvider(),
    },
    StartSubscriptionHandler,
    ApplyProviderEventHandler,
    CancelSubscriptionHandler,
    CheckPlanHandler,
    ChangePlanHandler,
    ConfirmSandboxPaymentHandler,
    PlanCheck,
  ],
  // Income funds distributions through the same provider.
  exports: [PAYMENT_PROVIDER],
})
export class BillingModule {}
