import type { Transporter } from 'nodemailer';
import type { MailMessage, MailTransport } from './mail.js';

/** SMTP through nodemailer, from `SMTP_URL` (e.g. `smtps://user:pass@smtp.example.nz:465`). */
export class SmtpTransport implements MailTransport {
  readonly kind = 'smtp';

  private constructor(
    private readonly transporter: Transporter,
    private readonly from: string,
  ) {}

  static async open(url: string, from: string): Promise<SmtpTransport> {
    const { createTransport } = await import('nodemailer');
    return new SmtpTransport(createTransport(url), from);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transporter.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      messageId: `<${message.id}@kauri>`,
    });
  }

  /** SMTP gives no way to ask whether an earlier, interrupted send went out. */
  async delivered(): Promise<null> {
    return null;
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}
