import { Global, Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { CONFIG } from '../injection-keys.js';
import { MAIL_TRANSPORT, type MailTransport } from './mail.js';
import { OutboxTransport } from './outbox-transport.js';
import { SmtpTransport } from './smtp-transport.js';

/** SMTP when `SMTP_URL` is set, else the local outbox `DATA_DIR/outbox/`. */
export function openMailTransport(config: Config): Promise<MailTransport> | MailTransport {
  return config.mail.smtpUrl
    ? SmtpTransport.open(config.mail.smtpUrl, config.mail.from)
    : new OutboxTransport(join(config.dataDir, 'outbox'), config.mail.from);
}

@Global()
@Module({
  providers: [{ provide: MAIL_TRANSPORT, inject: [CONFIG], useFactory: openMailTransport }],
  exports: [MAIL_TRANSPORT],
})
export class MailModule implements OnModuleDestroy {
  constructor(@Inject(MAIL_TRANSPORT) private readonly transport: MailTransport) {}

  async onModuleDestroy(): Promise<void> {
    await this.transport.close();
  }
}
