import { randomUUID } from 'node:crypto';
import type { StartedServer } from '../app.js';
import { Api } from './api.js';

export interface SignUpOptions {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  /** Make the user an admin: through ADMIN_EMAILS when the server lists the e-mail, else the operator grant path. */
  admin?: boolean;
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
}

export const TEST_PASSWORD = 'correct horse battery staple';

/**
 * Registers a real user on a running test server (POST /api/register) and returns an `Api` signed in as them
 * (session cookie + CSRF header), with `api.user` describing who that is. For other domains' API tests:
 *
 *   const owner = await signUp(server);                 // a plain user
 *   const admin = await signUp(server, { admin: true }); // an admin
 *   await owner.post('/api/assets', {...});
 */
export async function signUp(
  server: Pick<StartedServer, 'url' | 'opsToken'>,
  options: SignUpOptions = {},
): Promise<Api & { user: SignedUpUser }> {
  const email = options.email ?? `user-${randomUUID().slice(0, 8)}@example.nz`;
  const password = options.password ?? TEST_PASSWORD;
  const api = new Api(server.url);
  const res = await api.post('/api/register', {
    email,
    password,
    firstName: options.firstName ?? 'Test',
    lastName: options.lastName ?? 'User',
  });
  if (res.status !== 201) throw new Error(`signUp(${email}) failed: ${res.status} ${JSON.stringify(res.body)}`);
  let user = res.body as Omit<SignedUpUser, 'password'>;
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
