import { randomUUID } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailMessage, MailTransport } from './mail.js';

/**
 * Without SMTP: each message is a file `<id>.json` (`{id, from, to, subject, text, date}`) in the outbox folder,
 * readable only by the app's user (0600; the folder 0700) — messages carry personal data and sign-in links.
 * Written to a temporary name and renamed, so a file that exists is whole, and an id is written at most once.
 */
export class OutboxTransport implements MailTransport {
  readonly kind = 'outbox';

  constructor(
    readonly folder: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    assertSafeId(message.id);
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    if (await this.delivered(message.id)) return;
    const body = {
      id: message.id,
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      date: new Date().toISOString(),
    };
    const temporary = join(this.folder, `.${message.id}.${randomUUID()}.tmp`);
    try {
      await writeFile(temporary, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
      await rename(temporary, this.file(message.id));
    } finally {
      await rm(temporary, { force: true });
    }
  }

  async delivered(id: string): Promise<boolean> {
    assertSafeId(id);
    return access(this.file(id)).then(
      () => true,
      () => false,
    );
  }

  async close(): Promise<void> {}

  private file(id: string): string {
    return join(this.folder, `${id}.json`);
  }
}

/** Ids become file names: only what a generated id contains. */
function assertSafeId(id: string): void {
  if (!/^[\w-]{1,100}$/.test(id)) throw new Error(`Unsafe mail id ${JSON.stringify(id)}`);
}
