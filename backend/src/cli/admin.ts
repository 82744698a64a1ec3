import { randomUUID } from 'node:crypto';
import { AggregateRepository } from '../platform/aggregate-repository.js';
import { systemContext } from '../platform/command-context.js';
import { loadConfig } from '../platform/config.js';
import { createLogger } from '../platform/logging.js';
import type { Role } from '../platform/event-store/event-store.js';
import type { RuntimeInfo } from '../platform/operations/runtime-file.js';
import type { DataFolderLock } from '../platform/operations/data-lock.js';
import { reachData } from './data-folder.js';
import { openStores } from '../platform/stores.js';
import { emailReservation, emailStream } from '../domains/identity/reservations.decider.js';
import { EmailKeys } from '../platform/email-key.js';
import { Secrets } from '../platform/secrets.js';
import { user, userStream } from '../domains/identity/user.decider.js';

/**
 * npm run admin -- grant <email> [role]     (role: admin | compliance; default admin)
 * npm run admin -- revoke <email> [role]
 *
 * With an app running on the same DATA_DIR the change goes through it (its operations API, authorised by the
 * app's runtime file), so its read models see it at once; otherwise the tool appends to the event store
 * itself (on embedded data under the folder's lock: cli/data-folder.ts). Either way the RoleGranted / RoleRevoked event names the admin CLI as who made the change.
 */
const USAGE = 'usage: npm run admin -- grant|revoke <email> [admin|compliance]';
const ROLES: readonly Role[] = ['admin', 'compliance'];
const CHANGED_BY = 'admin-cli';

interface Outcome {
  changed: boolean;
  roles: Role[];
}

async function throughApp(app: RuntimeInfo, email: string, role: Role, action: 'grant' | 'revoke'): Promise<Outcome> {
  const res = await fetch(`http://127.0.0.1:${app.port}/api/operations/roles`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Ops ${app.opsToken}` },
    body: JSON.stringify({ email, role, action }),
  });
  const body = (await res.json()) as Outcome & { message?: string };
  if (!res.ok) throw new Error(body.message ?? `${res.status} ${res.statusText}`);
  return body;
}

async function standalone(
  email: string,
  role: Role,
  action: 'grant' | 'revoke',
  lock: DataFolderLock | null,
): Promise<Outcome> {
  const config = loadConfig();
  const stores = await openStores(config, ['vault']);
  const { events, vault } = stores;
  try {
    const repository = new AggregateRepository(events, createLogger(config.logLevel));
    // As IdentityService.userIdByEmail: the keyed key's stream, else the unkeyed one of older accounts.
    const { key, legacy } = await new EmailKeys(new Secrets(vault)).pair(email);
    const holderOf = async (k: string) => (await repository.load(emailReservation, emailStream(k))).state.holder;
    const holder = (await holderOf(key)) ?? (await holderOf(legacy));
    if (!holder) throw new Error(`No account with the email ${email}`);
    const context = systemContext(CHANGED_BY, randomUUID());
    const by = { kind: 'system' as const, name: CHANGED_BY };
    const command =
      action === 'grant'
        ? ({ type: 'GrantRole', role, by, at: context.now } as const)
        : ({ type: 'RevokeRole', role, by, at: context.now } as const);
    const { events: appended, state } = await repository.handle(user, userStream(holder), command, context);
    return { changed: appended.length > 0, roles: [...state.roles] };
  } finally {
    await stores.close();
    lock?.release();
  }
}

const [action, email, roleArg = 'admin'] = process.argv.slice(2);
if ((action !== 'grant' && action !== 'revoke') || !email || !ROLES.includes(roleArg as Role)) {
  console.error(USAGE);
  process.exit(2);
}
const role = roleArg as Role;
const access = reachData(loadConfig(), `npm run admin -- ${action}`);
const running = access.app;
try {
  console.log(
    `admin: ${running ? `through the running app (pid ${running.pid}, port ${running.port})` : 'standalone on the event store (no app running)'}`,
  );
  const outcome = running
    ? await throughApp(running, email, role, action)
    : await standalone(email, role, action, access.app ? null : access.lock);
  const verb = action === 'grant' ? 'granted to' : 'revoked from';
  console.log(
    outcome.changed
      ? `${role} ${verb} ${email}`
      : `${email} ${action === 'grant' ? 'already has' : 'does not have'} the ${role} role`,
  );
  console.log(`roles now: ${outcome.roles.join(', ') || '(none)'}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
