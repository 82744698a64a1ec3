/**
 * Who is signed in (docs/specification.md §4 "Authentication"): the session check runs first; 401 means anonymous; any
 * other failure falls back to a stored, unexpired bearer token; a token the server rejects with 401 is
 * cleared. One query holds the answer for every route and component.
 */
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiCall, readHeaders } from './client';
import type { RequestBody } from './contract';
import { clearSignIn, clearToken, readUsableToken, rememberAuthRedirect, storageKeys, storeToken } from './storage';
import type { AuthCallbackResponse, Credentials, Registration, User } from './types';

/** Like every call (docs/specification.md §7), the user check carries the stored token too, if there is one. */
async function fetchUser(path: string): Promise<Response> {
  return fetch(path, { credentials: 'include', headers: readHeaders() });
}

export async function loadCurrentUser(): Promise<User | null> {
  let sessionFailed = false;
  try {
    const session = await fetchUser('/api/user');
    if (session.ok) return (await session.json()) as User;
    if (session.status === 401) return null;
    sessionFailed = true;
  } catch {
    sessionFailed = true;
  }
  const token = sessionFailed ? readUsableToken() : null;
  if (!token) return null;
  const byToken = await fetchUser('/api/auth/user');
  if (byToken.status === 401) {
    clearToken();
    return null;
  }
  if (!byToken.ok)
    throw new ApiError(byToken.status, `${byToken.status}: ${(await byToken.text()) || byToken.statusText}`, null);
  return (await byToken.json()) as User;
}

export const currentUserQuery = queryOptions({
  queryKey: ['/api/user'],
  queryFn: loadCurrentUser,
});

export function signIn(credentials: Credentials): Promise<User> {
  return apiCall('post', '/api/login', { body: credentials });
}

export function register(details: Registration): Promise<User> {
  return apiCall('post', '/api/register', { body: details });
}

export function updateProfile(names: RequestBody<'patch', '/api/user'>): Promise<User> {
  return apiCall('patch', '/api/user', { body: names });
}

/** Ends the session and revokes the bearer token on the server, then forgets both here. */
export async function signOut(): Promise<void> {
  try {
    await apiCall('post', '/api/logout', { body: {} });
  } finally {
    clearSignIn();
  }
}

export function exchangeCode(code: string, state: string): Promise<AuthCallbackResponse> {
  return apiCall('post', '/api/auth/callback', {
    body: { code, state, redirect_uri: callbackUrl() },
  }).then((answer) => {
    storeToken(answer.token, answer.expires_in);
    return answer;
  });
}

export function callbackUrl(): string {
  return `${window.location.origin}/auth/callback`;
}

/** Delay before the local sign-in page opens when no external provider is available (docs/specification.md §9). */
export const LOCAL_LOGIN_DELAY_MS = 800;

/**
 * Starts signing in: remembers where to return, then goes to the external provider with a fresh random
 * state when one is configured, or to the local /auth page after about 800 ms otherwise (docs/specification.md §4).
 */
export async function startLogin(goToLocal: () => void, returnTo: string = window.location.pathname): Promise<void> {
  rememberAuthRedirect(returnTo);
  let external = false;
  try {
    const config = await apiCall('get', '/api/auth/config');
    external = config.oidc;
  } catch {
    external = false;
  }
  if (external) {
    const state = crypto.randomUUID();
    localStorage.setItem(storageKeys.loginState, state);
    const query = new URLSearchParams({ state, redirect_uri: callbackUrl() });
    window.location.assign(`/api/login?${query}`);
    return;
  }
  window.setTimeout(goToLocal, LOCAL_LOGIN_DELAY_MS);
}

/** The name to greet someone by: their first name, else the part of their e-mail before the @ (docs/specification.md §2). */
export function shortName(user: User): string {
  return user.firstName?.trim() || user.email.split('@')[0] || user.email;
}

/** 'Signed in successfully as {name or email}' (docs/specification.md §8). */
export function displayName(user: User): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email;
}
