/**
 * Identity end to end (docs/specification.md §2, §4, §6, §8): register, sign out, sign in on /auth; the Admin link only for
 * admins and the server refusing /api/admin to others; an external sign-in through a real OpenID provider;
 * the gated pages for visitors; the mobile menu at 375 px.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EMAIL_NOT_PLAIN } from '../../backend/src/messages.js';
import { TestOidcProvider } from '../../backend/src/testing/oidc-provider.js';
import {
  desktop,
  fitsViewportWidth,
  holdRequests,
  holdTimers,
  launchBrowser,
  openPage,
  phone,
  saveScreenshot,
  type TestBrowser,
} from './support/browser.js';
import { waitForEmailLink } from '../../backend/src/testing/mail.js';
import { signUp } from '../../backend/src/testing/users.js';
import { openSignedIn, PASSWORD } from './support/accounts.js';
import { startKauri } from './support/kauri-server.js';

const ADMIN_EMAIL = 'ops.admin@kauri.test';
/** Also in ADMIN_EMAILS: registered without opening the mailed link at first. */
const NEW_ADMIN_EMAIL = 'rewi.admin@kauri.test';

describe('identity', () => {
  let idp: TestOidcProvider;
  let server: Awaited<ReturnType<typeof startKauri>>;
  const browsers: TestBrowser[] = [];
  const newBrowser = async () => {
    const browser = await launchBrowser();
    browsers.push(browser);
    return browser;
  };

  beforeAll(async () => {
    idp = await TestOidcProvider.listen();
    server = await startKauri({ ...idp.env(), ADMIN_EMAILS: `${ADMIN_EMAIL},${NEW_ADMIN_EMAIL}` });
    await idp.start([`${server.url}/auth/callback`], {
      kiri: { email: 'kiri@example.nz', email_verified: true, given_name: 'Kiri', family_name: 'Tane' },
    });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(browsers.map((b) => b.close()));
    await server?.close();
    await idp?.close();
  });

  it('registers, signs out and signs in again; no Admin link and no admin API for a non-admin', async () => {
    const browser = await newBrowser();
    const { page, errors } = await openPage(browser, server.url, '/auth');

    // Too short a password is refused on the page (docs/specification.md §9: at least 12 characters).
    await page.getByRole('tab', { name: 'Create Account' }).click();
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create Account' }).last().click();
    await page.getByText('Password must be at least 12 characters').first().waitFor();

    // A look-alike address (a full-width letter) is refused with the server's words under the field, not the
    // browser's own check of an e-mail field (which also refused plain addresses such as māori@…).
    await page.getByLabel('First Name').fill('Aroha');
    await page.getByLabel('Email').fill('ａroha@example.nz');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).last().click();
    await page.getByText(EMAIL_NOT_PLAIN).first().waitFor();

    await page.getByLabel('Email').fill('aroha@example.nz');
    await page.getByRole('button', { name: 'Create Account' }).last().click();
    await page.getByText('Account Created!').waitFor();
    await page.getByRole('heading', { name: 'Welcome, Aroha' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Assets' }).waitFor();
    expect(await page.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    await saveScreenshot(page, 'identity-dashboard-desktop');

    // The server refuses the admin API to this user, whatever the page shows.
    const status = await page.evaluate(
      async () => (await fetch('/api/admin/registrations', { credentials: 'include' })).status,
    );
    expect(status).toBe(403);
    await page.goto(`${server.url}/admin`);
    await page.getByRole('heading', { name: 'No Access' }).waitFor();

    // Sign out from the user menu.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByText('Sign Out').click();
    await page.getByText('You have been successfully signed out.').waitFor();
    await page
      .getByRole('button', { name: 'Sign In' })
      .or(page.getByRole('link', { name: 'Sign In' }))
      .first()
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // Wrong password, then the right one.
    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.getByLabel('Email').fill('aroha@example.nz');
    await page.getByLabel('Password').fill('not the password at all');
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await page.getByText('Sign In Failed').waitFor();
    await page.getByText('Invalid email or password').waitFor();
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await page.getByText('Welcome back!').waitFor();
    await page.getByText('Signed in successfully as Aroha').waitFor();

    // The profile page edits the name.
    await page.goto(`${server.url}/profile`);
    await page.getByLabel('Last Name').fill('Ngata');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile Updated').waitFor();
    await page.getByRole('button', { name: 'User menu' }).getByText('Aroha Ngata').waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  it('tells a browser that never signed in to an account under attack to wait, in the server’s words', async () => {
    const target = await signUp(server, { email: 'under.attack@example.nz' });
    // Ten wrong guesses from ten addresses (X-Forwarded-For from the loopback, which is trusted by default).
    for (let i = 1; i <= 10; i++) {
      const res = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` },
        body: JSON.stringify({ email: target.user.email, password: `guess number ${i}` }),
      });
      expect(res.status).toBe(401);
    }
    const { page, errors } = await openPage(await newBrowser(), server.url, '/auth');
    await page.getByLabel('Email').fill(target.user.email);
    await page.getByLabel('Password').fill(target.user.password);
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await page.getByText('Too Many Attempts').waitFor();
    await page
      .getByText(
        'Too many failed sign-ins on this account. Please try again in 15 minutes, sign in from a browser you ' +
          'have signed in with before, or reset your password.',
      )
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect(errors).toEqual([]);
  }, 60_000);

  it('shows the Admin link and the admin area to an admin only', async () => {
    // Signed up through the API (the form is the first test's), the mailed link opened: an ADMIN_EMAILS address is an
    // admin once it is confirmed.
    await signUp(server, { email: ADMIN_EMAIL, firstName: 'Ops' });
    const { page, errors } = await openSignedIn(await newBrowser(), server.url, ADMIN_EMAIL, '/dashboard');
    await page.getByRole('link', { name: 'Admin', exact: true }).click();
    await page.getByRole('tab', { name: 'Registrations of Interest' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(errors).toEqual([]);
  }, 90_000);

  it('an ADMIN_EMAILS address is no admin until the mailed link is opened: /profile sends a new one, /auth/verify-email confirms it', async () => {
    // Someone registered the address: signed in, but it is not shown to be theirs yet.
    await signUp(server, { email: NEW_ADMIN_EMAIL, firstName: 'Rewi', verifyEmail: false });
    const browser = await newBrowser();
    // On a 375 px phone: the notice and the wallet card keep to the screen.
    const { page, errors } = await openSignedIn(browser, server.url, NEW_ADMIN_EMAIL, '/profile', phone);
    await page.getByText('Please confirm your e-mail address').waitFor();
    expect(await fitsViewportWidth(page)).toBe(true);
    expect(await page.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Send the link again' }).click();
    await page.getByText('Link Sent').waitFor();
    await saveScreenshot(page, 'identity-profile-unconfirmed');

    // The person opens the newest link from their mailbox (the outbox).
    const { link } = await waitForEmailLink(server.config.dataDir, NEW_ADMIN_EMAIL, { count: 2 });
    const target = new URL(link);
    const verified = await openPage(browser, server.url, `${target.pathname}${target.search}`);
    await verified.page.getByRole('heading', { name: 'E-mail Address Confirmed' }).waitFor();
    await saveScreenshot(verified.page, 'identity-email-confirmed');
    await verified.page.getByRole('link', { name: 'Go to Profile' }).click();
    await verified.page.getByRole('heading', { name: 'Profile' }).waitFor();
    // Confirmed: the notice is gone and the system granted the role ADMIN_EMAILS names.
    await verified.page.getByRole('link', { name: 'Admin', exact: true }).waitFor();
    expect(await verified.page.getByText('Please confirm your e-mail address').count()).toBe(0);

    // The same link again (a second click): nothing to do, and said so.
    const again = await openPage(browser, server.url, `${target.pathname}${target.search}`, desktop, { scan: false });
    await again.page.getByRole('heading', { name: 'E-mail Address Already Confirmed' }).waitFor();
    // A link that is not one of ours.
    const wrong = await openPage(browser, server.url, '/auth/verify-email?token=nonsense', desktop, { scan: false });
    await wrong.page.getByRole('heading', { name: 'Confirmation Failed' }).waitFor();
    await wrong.page.getByText('This confirmation link is not valid or has been used.').waitFor();
    // Confirmed already: no new link to send (the profile offers none).
    await wrong.page.getByText(/confirmed already: there is nothing more to do/).waitFor();
    expect([...errors, ...verified.errors, ...again.errors, ...wrong.errors]).toEqual([]);
  }, 90_000);

  it('signs in through the external OpenID provider and greets the user', async () => {
    const browser = await newBrowser();
    // The page leaves for the provider half a second after its message shows; a worker busy for longer (a loaded
    // machine) would look for the message on the provider's page. So the step that finds the provider waits until
    // the message has been seen.
    const providerLookup = await holdRequests(browser.context, '**/api/auth/config');
    // Not scanned here: the page is about to go to the provider (its scan is basics.e2e's).
    const { page, errors } = await openPage(browser, server.url, '/dashboard', desktop, { scan: false });
    // Anonymous on the dashboard: told, then sent to sign in — here, to the configured provider.
    await page.getByText('You are logged out. Logging in again...').waitFor();
    providerLookup.release();
    await page.waitForURL((url) => url.href.startsWith(idp.issuer), { timeout: 30_000 });
    await page.locator('input[name="login"]').fill('kiri');
    await page.locator('input[name="password"]').fill('any');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').click(); // consent
    await page.getByText('Authentication successful!').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('heading', { name: 'Welcome, Kiri Tane' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('kauri.externalIdentity.token'))).toBeTruthy();
    expect(errors).toEqual([]);
  }, 120_000);

  it('refuses a return from the provider whose state does not match', async () => {
    const browser = await newBrowser();
    const { page } = await openPage(browser, server.url, '/');
    await page.evaluate(() => localStorage.setItem('kauri.auth.loginState', 'the-state-we-sent'));
    await page.goto(`${server.url}/auth/callback?code=abc&state=someone-elses`);
    await page.getByText('Security validation failed. Please try logging in again.').waitFor();
    await page.waitForURL(`${server.url}/`);

    await page.goto(
      `${server.url}/auth/callback?error=access_denied&error_description=End-User%20aborted%20interaction`,
    );
    await page.getByText('Login failed: End-User aborted interaction. Please try again.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('kauri.auth.loginState'))).toBeNull();
  }, 60_000);

  it('shows visitors the launching-soon notice on app pages and sends them home from /tokenize', async () => {
    const browser = await newBrowser();
    const { page } = await openPage(browser, server.url, '/token-offerings');
    await page.getByRole('heading', { name: 'Platform Launching Soon' }).waitFor();
    await page.getByText('The first 100 registrations waive sign-on fees.').waitFor();
    await page.goto(`${server.url}/Billing`);
    await page.getByRole('heading', { name: 'Platform Launching Soon' }).waitFor();
    // The notice shows for a second before the page goes home.
    const timers = await holdTimers(page);
    await page.goto(`${server.url}/tokenize`);
    await page.getByRole('heading', { name: 'Authentication Required' }).waitFor();
    await timers.release();
    await page.waitForURL(`${server.url}/`);
  }, 60_000);

  it('offers the floating menu on a 375 px phone', async () => {
    await signUp(server, { email: 'mere.phone@example.nz', firstName: 'Mere', lastName: '' });
    const browser = await newBrowser();
    const { page, errors } = await openSignedIn(browser, server.url, 'mere.phone@example.nz', '/dashboard', phone);
    await page.getByRole('button', { name: 'Open quick menu' }).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByText('mere.phone@example.nz').waitFor();
    await sheet.getByText('Mere', { exact: true }).waitFor();
    await sheet.getByText('M', { exact: true }).waitFor();
    for (const entry of ['Dashboard', 'Calculator', 'Billing', 'Analytics', 'Profile', 'Sign Out']) {
      await sheet.getByRole('menuitem', { name: entry }).waitFor();
    }
    await saveScreenshot(page, 'identity-mobile-menu-phone');
    await sheet.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(`${server.url}/profile`);
    expect(await fitsViewportWidth(page)).toBe(true);
    expect(errors).toEqual([]);
  }, 90_000);
});
