import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A message as the local outbox stores it (platform/mail/outbox-transport.ts). */
export interface OutboxMessage {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  date: string;
}

/** Every message in `<dataDir>/outbox/`, oldest first. */
export async function readOutbox(dataDir: string): Promise<OutboxMessage[]> {
  const folder = join(dataDir, 'outbox');
  const names = (await readdir(folder).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
  const messages: OutboxMessage[] = [];
  for (const name of names) messages.push(JSON.parse(await readFile(join(folder, name), 'utf8')) as OutboxMessage);
  return messages.sort((a, b) => a.date.localeCompare(b.date));
}

/** Waits (up to `timeoutMs`) until the outbox holds at least `count` messages, and answers them all. */
export async function waitForOutbox(dataDir: string, count: number, timeoutMs = 30_000): Promise<OutboxMessage[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await readOutbox(dataDir);
    if (messages.length >= count) return messages;
    if (Date.now() > deadline)
      throw new Error(`Only ${messages.length} of ${count} mails in ${dataDir}/outbox after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits (up to `timeoutMs`) for the `count`-th message to `to` (case-insensitive) and answers it. */
export async function waitForMail(
  dataDir: string,
  to: string,
  { count = 1, timeoutMs = 10_000 } = {},
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mine = (await readOutbox(dataDir)).filter((m) => m.to.toLowerCase() === to.trim().toLowerCase());
    if (mine.length >= count) return mine[count - 1]!;
    if (Date.now() > deadline) throw new Error(`No mail #${count} to ${to} in ${dataDir}/outbox after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The confirmation link in a message, and its token. */
export function confirmationLinkIn(message: OutboxMessage): { link: string; token: string } {
  const link = /https?:\/\/\S+\/register-interest\/confirm\?token=\S+/.exec(message.text)?.[0];
  if (!link) throw new Error(`No confirmation link in ${JSON.stringify(message.text)}`);
  return { link, token: new URL(link).searchParams.get('token')! };
}

/** The password reset link in a message, and its token. */
export function resetLinkIn(message: OutboxMessage): { link: string; token: string } {
  const link = /https?:\/\/\S+\/auth\/reset-password\?token=\S+/.exec(message.text)?.[0];
  if (!link) throw new Error(`No reset link in ${JSON.stringify(message.text)}`);
  return { link, token: new URL(link).searchParams.get('token')! };
}

/** The e-mail confirmation link in a message (sent at registration, or asked for again), and its token. */
export function emailLinkIn(message: OutboxMessage): { link: string; token: string } {
  const link = /https?:\/\/\S+\/auth\/verify-email\?token=\S+/.exec(message.text)?.[0];
  if (!link) throw new Error(`No e-mail confirmation link in ${JSON.stringify(message.text)}`);
  return { link, token: new URL(link).searchParams.get('token')! };
}

/** The messages to `to` (case-insensitive) that carry an e-mail confirmation link, oldest first. */
export async function emailLinkMails(dataDir: string, to: string): Promise<OutboxMessage[]> {
  return (await readOutbox(dataDir)).filter(
    (m) => m.to.toLowerCase() === to.trim().toLowerCase() && m.text.includes('/auth/verify-email?token='),
  );
}

/** Waits (up to `timeoutMs`) for the `count`-th confirmation-link mail to `to`, and answers its link. */
export async function waitForEmailLink(
  dataDir: string,
  to: string,
  { count = 1, timeoutMs = 10_000 } = {},
): Promise<{ link: string; token: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mine = await emailLinkMails(dataDir, to);
    if (mine.length >= count) return emailLinkIn(mine[count - 1]!);
    if (Date.now() > deadline)
      throw new Error(`No confirmation mail #${count} to ${to} in ${dataDir}/outbox after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
