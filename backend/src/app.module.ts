import { Module, type DynamicModule } from '@nestjs/common';
import { AuditModule } from './domains/audit/audit.module.js';
import { AssetModule } from './domains/assets/asset.module.js';
import { ComplianceModule } from './domains/compliance/compliance.module.js';
import { WholesaleModule } from './domains/wholesale/wholesale.module.js';
import { TokensModule } from './domains/tokens/tokens.module.js';
import { OfferingModule } from './domains/offerings/offering.module.js';
import { IncomeModule } from './domains/income/income.module.js';
import { TransfersModule } from './domains/transfers/transfers.module.js';
import { RegisterModule } from './domains/register/register.module.js';
import { BillingModule } from './domains/billing/billing.module.js';
import { IdentityModule } from './domains/identity/identity.module.js';
import { CalculatorsModule } from './domains/calculators/calculators.module.js';
import { EarlyAccessModule } from './domains/early-access/early-access.module.js';
import { MailModule } from './platform/mail/mail.module.js';
import { DocumentStoreModule } from './platform/document-store/document-store.module.js';
import { PlatformModule, type Platform } from './platform/platform.module.js';
import { QueriesModule } from './queries.module.js';

@Module({})
export class AppModule {
  static forRoot(platform: Platform): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot(platform),
        QueriesModule,
        DocumentStoreModule,
        MailModule,
        EarlyAccessModule,
        IdentityModule,
        CalculatorsModule,
        BillingModule,
        AssetModule,
        ComplianceModule,
        WholesaleModule,
        TokensModule,
        OfferingModule,
        RegisterModule,
        AuditModule,
        IncomeModule,
        TransfersModule,
      ],
    };
  }
}
