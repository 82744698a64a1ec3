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

/** The messages to `to` (case-insensitive) whose text holds a link to `path` (say '/auth/reset-password'), oldest first. */
export async function mailsWithLink(dataDir: string, to: string, path: string): Promise<OutboxMessage[]> {
  return (await readOutbox(dataDir)).filter(
    (m) => m.to.toLowerCase() === to.trim().toLowerCase() && m.text.includes(`${path}?token=`),
  );
}

/** The messages to `to` that carry an e-mail confirmation link, oldest first. */
export const emailLinkMails = (dataDir: string, to: string) => mailsWithLink(dataDir, to, '/auth/verify-email');

/**
 * Waits (up to `timeoutMs`) for the `count`-th mail to `to` with a link to `path`, and answers that mail. Other mail
 * to the address (the confirmation link sent at registration, say) does not count.
 */
export async function waitForMailWithLink(
  dataDir: string,
  to: string,
  path: string,
  { count = 1, timeoutMs = 10_000 } = {},
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mine = await mailsWithLink(dataDir, to, path);
    if (mine.length >= count) return mine[count - 1]!;
    if (Date.now() > deadline)
      throw new Error(`No mail #${count} with a ${path} link to ${to} in ${dataDir}/outbox after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The `count`-th confirmation link mailed to `to` (waiting up to `timeoutMs`). */
export async function waitForEmailLink(
  dataDir: string,
  to: string,
  options: { count?: number; timeoutMs?: number } = {},
): Promise<{ link: string; token: string }> {
  return emailLinkIn(await waitForMailWithLink(dataDir, to, '/auth/verify-email', options));
}

/** The `count`-th password reset mail to `to` (waiting up to `timeoutMs`). */
export function waitForResetMail(
  dataDir: string,
  to: string,
  options: { count?: number; timeoutMs?: number } = {},
): Promise<OutboxMessage> {
  return waitForMailWithLink(dataDir, to, '/auth/reset-password', options);
}
