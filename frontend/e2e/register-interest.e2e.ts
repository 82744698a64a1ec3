/**
 * Register interest end to end (docs/specification.md §2, §4, §5, §8): the real server and the production bundle.
 * Needs `npm run build -w frontend` first; the backend serves frontend/dist.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  choose,
  fitsViewportWidth,
  holdRequests,
  launchBrowser,
  openPage,
  phone,
  saveScreenshot,
  type TestBrowser,
} from './support/browser.js';
import { confirmationLinkIn, waitForMail } from '../../backend/src/testing/mail.js';
import { startKauri } from './support/kauri-server.js';

const validationMessages = [
  'First name must be at least 2 characters',
  'Last name must be at least 2 characters',
  'Please enter a valid email address',
  'Please enter a valid phone number',
  'Date of birth is required',
  'Country is required',
  'City is required',
  'Occupation is required',
  'Please select at least one area of interest',
  'Please select an investment range',
  'Please select your experience level',
  'You must agree to the terms and conditions',
  'You must agree to be contacted',
];

/** Picks `option` in the antd Select labelled `label`. */
async function fillRegistration(page: Page, email: string): Promise<void> {
  await page.getByLabel('First Name').fill('Aroha');
  await page.getByLabel('Last Name').fill('Ngata');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Phone Number').fill('+64 21 555 0199');
  await page.getByLabel('Date of Birth').fill('12/04/1985');
  await page.getByLabel('Date of Birth').press('Enter');
  await page.getByLabel('Occupation').fill('Civil engineer');
  await choose(page, 'Country', 'New Zealand');
  await page.getByLabel('City').fill('Whangārei');
  await page.getByRole('checkbox', { name: 'Residential property' }).check();
  await page.getByRole('checkbox', { name: 'Infrastructure' }).check();
  await choose(page, 'Investment Range', '$100,000 - $500,000');
  await choose(page, 'Investment Experience', 'Intermediate (2-5 years)');
  await page.getByLabel('Additional Information').fill('Interested in Northland forestry and housing.');
  await page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check();
  await page.getByRole('checkbox', { name: /I agree to be contacted/ }).check();
}

describe('register interest', () => {
  let server: Awaited<ReturnType<typeof startKauri>>;
  let browser: TestBrowser;
  const email = `aroha.ngata+${Date.now()}@example.co.nz`;

  beforeAll(async () => {
    server = await startKauri();
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('validates, registers and asks to check the e-mail; the e-mailed link confirms the place once', async () => {
    const { page, errors } = await openPage(browser, server.url, '/register-interest');
    await page.getByText(/^\d+ of 100 fee-free places left$/).waitFor();

    await page.getByRole('button', { name: 'Register Interest' }).click();
    for (const message of validationMessages) await page.getByText(message, { exact: true }).waitFor();
    await saveScreenshot(page, 'register-interest-errors-desktop');

    await fillRegistration(page, email);
    // Once submitted, each message clears as its field is corrected.
    for (const message of validationMessages)
      await page.getByText(message, { exact: true }).waitFor({ state: 'hidden' });

    const submission = await holdRequests(page, '**/api/register-interest');
    await page.getByRole('button', { name: 'Register Interest' }).click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    submission.release();

    await page.getByRole('heading', { name: 'Registration Complete!' }).waitFor();
    await page.getByText('Interest Registered Successfully').waitFor();
    await page.getByText("Thank you! We'll contact you within 24-48 hours.").waitFor();
    // Said once: in the toast, not again on the page.
    expect(await page.getByText("Thank you! We'll contact you within 24-48 hours.").count()).toBe(1);
    await page.getByText('Please check your e-mail').waitFor();
    await saveScreenshot(page, 'register-interest-complete-desktop');

    // The link from the e-mail (the local outbox): the place is taken only now.
    const { link } = confirmationLinkIn(await waitForMail(server.config.dataDir, email));
    const { pathname, search } = new URL(link);
    expect(pathname).toBe('/register-interest/confirm');
    await page.goto(`${server.url}${pathname}${search}`);
    await page.getByRole('heading', { name: 'Registration Confirmed' }).waitFor();
    await page.getByText('Registration number').waitFor();
    await page.getByText('Your sign-on fee is waived').waitFor();
    await saveScreenshot(page, 'register-interest-confirmed-desktop');
    await page.goto(`${server.url}/register-interest`);
    await page.getByText('99 of 100 fee-free places left').waitFor();

    // The link confirms once; opened again it says the registration is confirmed, not that anything failed.
    await page.goto(`${server.url}${pathname}${search}`);
    await page.getByRole('heading', { name: 'Registration Already Confirmed' }).waitFor();
    expect(await page.getByText('Confirmation Failed').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 90_000);

  it('keeps the person on the form with a failure toast when the e-mail is already registered', async () => {
    const { page, errors } = await openPage(browser, server.url, '/register-interest');

    await fillRegistration(page, email);
    await page.getByRole('button', { name: 'Register Interest' }).click();

    await page.getByText('Registration Failed').waitFor();
    expect(await page.locator('.ant-notification-notice-error').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Register Interest' }).isEnabled()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Registration Complete!' }).count()).toBe(0);
    expect(errors).toEqual([]);
  }, 60_000);

  it('works on a 375 px wide phone', async () => {
    const { page, errors } = await openPage(browser, server.url, '/register-interest', phone);
    await page.getByRole('heading', { name: 'Register Your Interest' }).waitFor();
    await page.getByText(/fee-free places left$/).waitFor();
    await saveScreenshot(page, 'register-interest-375');
    expect(await fitsViewportWidth(page)).toBe(true);

    await page.getByRole('button', { name: 'Register Interest' }).click();
    await page.getByText(validationMessages[0]).waitFor();
    await saveScreenshot(page, 'register-interest-errors-375');
    expect(await fitsViewportWidth(page)).toBe(true);

    await fillRegistration(page, `phone.${email}`);
    await page.getByRole('button', { name: 'Register Interest' }).click();
    await page.getByRole('heading', { name: 'Registration Complete!' }).waitFor();
    await page.getByText('Interest Registered Successfully').waitFor();
    await saveScreenshot(page, 'register-interest-complete-375');
    expect(await fitsViewportWidth(page)).toBe(true);
    expect(errors).toEqual([]);
  }, 60_000);
});
