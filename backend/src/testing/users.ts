import { randomUUID } from 'node:crypto';
import type { StartedServer } from '../app.js';
import { Api } from './api.js';
import { emailLinkMails, waitForEmailLink } from './mail.js';

export interface SignUpOptions {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  /**
   * Make the user an admin: through ADMIN_EMAILS when the server lists the e-mail (the address confirmed with the
   * mailed link, which grants it), else the operator grant path.
   */
  admin?: boolean;
  /**
   * Confirm the address with the link the outbox received, as the person would (the ADMIN_EMAILS role and the
   * early-access waiver wait for it). Default: when the server's ADMIN_EMAILS lists the address.
   */
  verifyEmail?: boolean;
  /** Grant the compliance role (audit history) through the operator path. */
  compliance?: boolean;
}

export interface SignedUpUser {
  id: string;
  email: string;
  password: string;
  firstName: string | null;
  lastName: string | null;
  role: 'admin' | 'user';
  roles: string[];
  emailVerified: boolean;
}

/**
 * A server to sign up on: the app a test started (its config names the outbox's folder and ADMIN_EMAILS), or a built
 * app's address with its data folder (`dataDir`), whose outbox then holds the mail.
 */
export type SignUpServer = Pick<StartedServer, 'url' | 'opsToken'> & {
  config?: { dataDir: string; identity: { adminEmails: readonly string[] } };
  dataDir?: string;
};

export const TEST_PASSWORD = 'correct horse battery staple';

/**
 * Registers a real user on a running test server (POST /api/register) and returns an `Api` signed in as them
 * (session cookie + CSRF header), with `api.user` describing who that is. For other domains' API tests:
 *
 *   const owner = await signUp(server);                 // a plain user
 *   const admin = await signUp(server, { admin: true }); // an admin
 *   await owner.post('/api/assets', {...});
 */
export async function signUp(server: SignUpServer, options: SignUpOptions = {}): Promise<Api & { user: SignedUpUser }> {
  const email = options.email ?? `user-${randomUUID().slice(0, 8)}@example.nz`;
  const password = options.password ?? TEST_PASSWORD;
  const listed = server.config?.identity.adminEmails.includes(email.trim().toLowerCase()) ?? false;
  const verify = options.verifyEmail ?? listed;
  const mailbox = server.config?.dataDir ?? server.dataDir;
  if (verify && !mailbox) throw new Error(`signUp(${email}): verifying needs the server's data folder (its outbox)`);
  // A link mailed to this address before (an earlier account of it, since forgotten) is not this account's.
  const earlier = verify ? (await emailLinkMails(mailbox!, email)).length : 0;
  const api = new Api(server.url);
  const res = await api.post('/api/register', {
    email,
    password,
    firstName: options.firstName ?? 'Test',
    lastName: options.lastName ?? 'User',
  });
  if (res.status !== 201) throw new Error(`signUp(${email}) failed: ${res.status} ${JSON.stringify(res.body)}`);
  let user = res.body as Omit<SignedUpUser, 'password'>;
  if (verify) {
    const { token } = await waitForEmailLink(mailbox!, email, { count: earlier + 1 });
    const verified = await api.post('/api/email-verification', { token });
    if (verified.status !== 200)
      throw new Error(`confirming ${email} failed: ${verified.status} ${JSON.stringify(verified.body)}`);
    user = (await api.get('/api/user')).body;
  }
  const wanted = [...(options.admin ? ['admin'] : []), ...(options.compliance ? ['compliance'] : [])].filter(
    (role) => !user.roles.includes(role),
  );
  for (const role of wanted) {
    // The path `npm run admin -- grant` takes through a running app: the operator token.
    const granted = await fetch(`${server.url}/api/operations/roles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Ops ${server.opsToken}` },
      body: JSON.stringify({ email, role, action: 'grant' }),
    });
    if (!granted.ok) throw new Error(`granting ${role} to ${email} failed: ${granted.status} ${await granted.text()}`);
  }
  if (wanted.length) user = (await api.get('/api/user')).body;
  return Object.assign(api, { user: { ...user, email, password } });
}
