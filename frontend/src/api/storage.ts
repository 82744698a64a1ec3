/**
 * Browser storage keys shared by the API client and the sign-in flow (docs/specification.md §3 "Local storage").
 * Kept in one module so the client, the login callback and sign-out can never disagree on a key.
 */
export const storageKeys = {
  /** Token issued by the external identity provider, sent as a bearer token. */
  externalIdentityToken: 'kauri.externalIdentity.token',
  /** Expiry of that token as a millisecond timestamp. */
  externalIdentityTokenExpiresAt: 'kauri.externalIdentity.expiresAt',
  /** The `state` value sent with a login request, compared on return. */
  loginState: 'kauri.auth.loginState',
  /** Path to return to after signing in. */
  authRedirect: 'kauri.auth.redirect',
} as const;

/** The stored bearer token, or null when there is none or it has expired (docs/specification.md §5 "Session"). */
export function readUsableToken(now: number = Date.now()): string | null {
  const token = localStorage.getItem(storageKeys.externalIdentityToken);
  const expiresAt = Number(localStorage.getItem(storageKeys.externalIdentityTokenExpiresAt));
  if (!token || !Number.isFinite(expiresAt) || expiresAt <= now) return null;
  return token;
}

export function storeToken(token: string, expiresInSeconds: number, now: number = Date.now()): void {
  localStorage.setItem(storageKeys.externalIdentityToken, token);
  localStorage.setItem(storageKeys.externalIdentityTokenExpiresAt, String(now + expiresInSeconds * 1000));
}

export function clearToken(): void {
  localStorage.removeItem(storageKeys.externalIdentityToken);
  localStorage.removeItem(storageKeys.externalIdentityTokenExpiresAt);
}

/** Sign-out forgets everything the sign-in flow stored (docs/specification.md §4). */
export function clearSignIn(): void {
  clearToken();
  localStorage.removeItem(storageKeys.loginState);
}

/** Remembers where to come back to after signing in (the "auth redirect key"). */
export function rememberAuthRedirect(path: string): void {
  localStorage.setItem(storageKeys.authRedirect, path);
}

/** The stored return path (removed once read), or `/`. Only same-site paths are honoured. */
export function takeAuthRedirect(): string {
  const path = localStorage.getItem(storageKeys.authRedirect);
  localStorage.removeItem(storageKeys.authRedirect);
  return path?.startsWith('/') && !path.startsWith('//') ? path : '/';
}
