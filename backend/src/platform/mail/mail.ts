/**
 * The mail transport port. `SMTP_URL` set: SMTP through nodemailer (smtp-transport.ts); otherwise a local
 * outbox folder, `DATA_DIR/outbox/`, one JSON file per message (outbox-transport.ts) — nothing leaves the
 * machine, and an operator or a test reads the messages there.
 *
 * Sending is made safe to retry by the caller (an outbox in the event-sourced sense: the intent is appended
 * before `send`, the outcome after). After a crash between the two, `delivered` says whether the message went
 * out: the local outbox knows (the file is there or not); SMTP cannot tell, and answers null.
 */
export interface MailMessage {
  /** Unique per message; the file name of the local outbox, the Message-ID over SMTP. */
  id: string;
  to: string;
  subject: string;
  text: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** Whether the message with this id went out: true or false when the transport can tell, null when it cannot. */
  delivered(id: string): Promise<boolean | null>;
  close(): Promise<void>;
}

export const MAIL_TRANSPORT = Symbol('MailTransport');
