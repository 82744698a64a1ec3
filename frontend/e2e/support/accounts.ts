/** Signing in for the browser tests: what a person does on /auth, and a session handed over from the API. */
import type { Page } from 'playwright-core';
import { TEST_PASSWORD } from '../../../backend/src/testing/users.js';
import { desktop, type OpenedPage, openPage, type TestBrowser, type Viewport } from './browser.js';

/** The password of accounts the tests create through the form. */
export const PASSWORD = 'correct horse battery';

/** On /auth: opens Create Account, registers, and waits for the confirmation toast. */
export async function createAccount(page: Page, firstName: string, email: string, password = PASSWORD): Promise<void> {
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await page.getByLabel('First Name').fill(firstName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).last().click();
  await page.getByText('Account Created!').waitFor();
}

/** On /auth (the Sign In tab): signs in and waits for the welcome toast. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).last().click();
  await page.getByText('Welcome back!').waitFor();
}

/**
 * Opens `path` in `browser` (in its last tab, as openPage does, unless `newTab`), already signed in as `email`:
 * signed in through the API, the session's cookies (as the server set them) handed to the browser in place of any
 * earlier person's. For tests whose subject
 * is what comes after signing in: the form has its own tests (identity.e2e), and skipping the /auth page spares
 * Chromium a page load and a render of the dashboard, about a CPU-second each time on this machine.
 */
export async function openSignedIn(
  browser: TestBrowser,
  baseUrl: string,
  email: string,
  path: string,
  viewport: Viewport = desktop,
  { password = TEST_PASSWORD, newTab = false }: { password?: string; newTab?: boolean } = {},
): Promise<OpenedPage> {
  const response = await fetch(new URL('/api/login', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`signing ${email} in failed: ${response.status} ${await response.text()}`);
  await browser.context.clearCookies();
  await browser.context.addCookies(response.headers.getSetCookie().map((line) => browserCookie(line, baseUrl)));
  return openPage(browser, baseUrl, path, viewport, { newTab });
}

/** A Set-Cookie header line as Playwright takes it: name, value and the attributes the server gave. */
function browserCookie(line: string, baseUrl: string) {
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  const at = pair.indexOf('=');
  const has = (name: string) => attributes.some((a) => a.toLowerCase() === name);
  const sameSite = attributes
    .find((a) => /^samesite=/i.test(a))
    ?.split('=')[1]
    ?.toLowerCase();
  return {
    name: pair.slice(0, at),
    value: pair.slice(at + 1),
    url: baseUrl,
    httpOnly: has('httponly'),
    secure: has('secure'),
    sameSite: sameSite === 'strict' ? ('Strict' as const) : sameSite === 'none' ? ('None' as const) : ('Lax' as const),
  };
}
