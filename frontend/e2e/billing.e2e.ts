/**
 * Subscriptions end to end in sandbox mode (docs/specification.md §2, §4, §6, §8): without a plan /tokenize is locked;
 * choose Professional, a declined test card shows 'Payment Failed', Stripe's 4242 card pays; home
 * confirms 'Payment Successful'; tokenization is unlocked; the billing page renews, then, after
 * cancelling, expires at the end of the period. Then the one-time Starter plan offers no cancel.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  fitsViewportWidth,
  holdTimers,
  launchBrowser,
  phone,
  saveScreenshot,
  waitForText,
  type TestBrowser,
} from './support/browser.js';
import { signUp } from '../../backend/src/testing/users.js';
import { openSignedIn } from './support/accounts.js';
import { startKauri } from './support/kauri-server.js';

async function payWith(page: Page, card: string): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /Pay \$/ }).click();
}

describe('billing', () => {
  let browser: TestBrowser;
  let server: Awaited<ReturnType<typeof startKauri>>;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startKauri()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('subscribes to Professional with a test card, unlocks tokenization, cancels at period end', async () => {
    await signUp(server, { email: 'mere@example.nz', firstName: 'Mere' });
    const { page, errors } = await openSignedIn(browser, server.url, 'mere@example.nz', '/dashboard');

    // No plan yet: the dashboard says why, and /tokenize shows the card, the toast, then the plans.
    await page.getByText('Subscription required to create tokens').waitFor();
    // The card shows for two seconds before the plans; the toast, drawn on a timer, is read once the timers run.
    const timers = await holdTimers(page);
    await page.goto(`${server.url}/tokenize`);
    await page.getByRole('heading', { name: 'Subscription Required' }).waitFor();
    await timers.release();
    await waitForText(page, 'Please upgrade your account to create tokens.');
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/subscribe');

    const professional = page.getByLabel('Professional plan');
    await professional.getByText('Most Popular').waitFor();
    await professional.getByText('$199/month').waitFor();
    await page.getByLabel('Enterprise plan').getByText('$999/month').waitFor();
    await page.getByLabel('Starter plan').getByText('$5,000 one-time').waitFor();
    await page.getByText('Contact Sales', { exact: true }).first().waitFor();
    await saveScreenshot(page, 'subscribe-plans-desktop');

    // Choose, go back (the choice is cleared), choose again.
    await professional.getByRole('button', { name: 'Choose Professional' }).click();
    await page.getByRole('heading', { name: 'Complete Your Professional Subscription' }).waitFor();
    await page.getByRole('button', { name: '← Back to Plans' }).click();
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    await professional.getByRole('button', { name: 'Choose Professional' }).click();
    await page.getByRole('heading', { name: 'Complete Your Professional Subscription' }).waitFor();
    await page.getByText('TEST MODE', { exact: true }).waitFor();
    await page.getByText('Due today').waitFor();

    // Stripe's declining test card.
    await payWith(page, '4000 0000 0000 0002');
    await waitForText(page, 'Your card was declined.');
    await page.getByText('Payment Failed').first().waitFor();
    await saveScreenshot(page, 'subscribe-payment-declined');

    // Stripe's approving test card.
    await payWith(page, '4242 4242 4242 4242');
    await waitForText(page, 'Successfully subscribed to Professional plan!');
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('link', { name: 'Start Tokenization' }).click();
    await page.getByRole('heading', { name: 'Tokenize Your Asset' }).waitFor();

    // Billing: renews monthly, then cancel at the end of the period.
    await page.goto(`${server.url}/billing`);
    const plan = page.getByLabel('Current plan');
    await plan.getByText('Active', { exact: true }).waitFor();
    await plan.getByText(/^Renews on \d{1,2} \w+ \d{4}$/).waitFor();
    await page.getByRole('cell', { name: '$199' }).first().waitFor();
    await saveScreenshot(page, 'billing-active-desktop');

    // The portal opens in a new tab (the sandbox's own page in test mode).
    const [portal] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'View Billing History' }).click(),
    ]);
    await portal.getByRole('heading', { name: 'Billing Portal' }).waitFor();
    await portal.close();

    await plan.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('button', { name: 'Cancel Subscription' }).last().click();
    await waitForText(page, 'Your subscription remains active until the end of the current billing period.');
    await page.getByText('Subscription Canceled').first().waitFor();
    await plan.getByText(/^Expires on \d{1,2} \w+ \d{4}$/).waitFor();
    expect(await plan.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);
    // Still active to the end of the period: tokenization stays open.
    await page.goto(`${server.url}/tokenize`);
    await page.getByRole('heading', { name: 'Tokenize Your Asset' }).waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  it('buys the one-time Starter plan on a phone; Starter cannot be cancelled', async () => {
    await signUp(server, { email: 'tama@example.nz', firstName: 'Tama' });
    const { page, errors } = await openSignedIn(browser, server.url, 'tama@example.nz', '/subscribe', phone);
    await page.getByLabel('Starter plan').getByRole('button', { name: 'Choose Starter' }).click();
    await page.getByRole('heading', { name: 'Complete Your Starter Subscription' }).waitFor();
    expect(await fitsViewportWidth(page)).toBe(true);
    await saveScreenshot(page, 'subscribe-payment-phone');
    await payWith(page, '4242424242424242');
    await waitForText(page, 'Successfully subscribed to Starter plan!');

    await page.goto(`${server.url}/billing`);
    const plan = page.getByLabel('Current plan');
    await plan.getByText('Paid once; no renewals.').waitFor();
    expect(await plan.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);
    expect(await fitsViewportWidth(page)).toBe(true);
    // The server refuses it too, whatever the page shows.
    const refused = await page.evaluate(async () => {
      const csrf = document.cookie.match(/kauri\.csrf=([^;]+)/)?.[1] ?? '';
      const response = await fetch('/api/subscription/cancel', {
        method: 'POST',
        credentials: 'include',
        headers: { 'X-CSRF-Token': decodeURIComponent(csrf) },
      });
      return { status: response.status, body: await response.json() };
    });
    expect(refused).toEqual({
      status: 409,
      body: expect.objectContaining({ message: 'The Starter plan is a one-time payment and cannot be cancelled' }),
    });
    expect(errors).toEqual([]);
  }, 120_000);

  it("sends a user whose session ended while choosing back to sign-in: 'Authentication Required'", async () => {
    await signUp(server, { email: 'hemi@example.nz', firstName: 'Hemi' });
    const { page, errors } = await openSignedIn(browser, server.url, 'hemi@example.nz', '/subscribe');
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    // The session ends elsewhere (expiry, sign-out in another tab); this page still shows the plans.
    await browser.context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.getByLabel('Enterprise plan').getByRole('button', { name: 'Choose Enterprise' }).click();
    await waitForText(page, 'Please sign in to subscribe to a plan.');
    await page.getByText('Authentication Required').first().waitFor();
    await page.waitForURL(/\/auth$/);
    expect(errors).toEqual([]);
  }, 60_000);
});
