/**
 * Certificate revocation end to end (FMC Act 2013, Schedule 1 clause 46): a verified investor who holds tokens
 * revokes their wholesale certificate in writing on the wholesale page; the page says "Revoked on <date>" (not
 * lapsed); an investment started from a page opened before the revocation is refused by the server naming the
 * revocation; the offerings are closed to them with the same reason; their holding stays on their home.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { REVOCATION_MESSAGES } from '../../backend/src/messages.js';
import { nzLongDate } from '../../backend/src/platform/nz-time.js';
import * as offerings from '../../backend/src/testing/offerings.js';
import { signUp } from '../../backend/src/testing/users.js';
import { openSignedIn } from './support/accounts.js';
import { desktop, launchBrowser, openPage, saveScreenshot, waitForText, type TestBrowser } from './support/browser.js';
import { startKauri } from './support/kauri-server.js';

const STATEMENT = 'I revoke my wholesale investor certificate. Please treat me as a retail investor from now on.';

describe('certificate revocation', () => {
  let browser: TestBrowser;
  let server: Awaited<ReturnType<typeof startKauri>>;
  let investor: Awaited<ReturnType<typeof offerings.verifiedInvestor>>;
  let offeringName: string;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startKauri({ AUTH_RATE_LIMIT_PER_IP: '1000' })]);
    // A verified investor holding 10 tokens of an open offering, set up through the API (wholesale.e2e walks that).
    const admin = await signUp(server, { admin: true });
    const { offeringId } = await offerings.offeringFor(server, admin, 1_000, '10.00', '10');
    investor = await offerings.verifiedInvestor(server, admin);
    const invested = await investor.post('/api/invest', { offeringId, tokensRequested: 10, investmentAmount: 100 });
    if (invested.status !== 201) throw new Error(`invest failed: ${JSON.stringify(invested.body)}`);
    offeringName = 'Harbour View Series A';
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('revokes in writing, shows Revoked on <date>, and is refused a new investment while the holding stays', async () => {
    const email = investor.user.email;
    // The offerings, opened while still verified (another tab, as a person might have left it open).
    const offers = await openSignedIn(browser, server.url, email, '/token-offerings');
    const card = offers.page.getByLabel(offeringName);
    await card.getByRole('button', { name: 'Invest Now' }).waitFor();

    const { page, errors } = await openPage(browser, server.url, '/wholesale-verification', desktop, { newTab: true });
    await page.getByRole('heading', { name: 'Verified Wholesale Investor' }).waitFor();
    await page.getByRole('button', { name: 'Revoke my certificate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke your wholesale investor certificate?' });
    await dialog.getByText('You will not be able to invest in new offers on Kauri').waitFor();
    await dialog.getByText('What you already hold stays yours').waitFor();
    // In writing: at least a sentence.
    await dialog.getByLabel('Your written revocation').fill('Revoke.');
    await dialog.getByRole('button', { name: 'Revoke Certificate' }).click();
    await dialog.getByText(REVOCATION_MESSAGES.statement).waitFor();
    await saveScreenshot(page, 'revoke-dialog-desktop');
    await dialog.getByLabel('Your written revocation').fill(STATEMENT);
    await dialog.getByRole('button', { name: 'Revoke Certificate' }).click();
    await waitForText(page, 'Certificate Revoked');

    const revokedAt = await page.evaluate(
      async () => (await (await fetch('/api/wholesale-status', { credentials: 'include' })).json()).revokedAt as string,
    );
    const date = nzLongDate(revokedAt);
    await page.getByText(`Revoked on ${date}`).waitFor();
    expect(await page.getByText('Your certification has lapsed').count()).toBe(0);
    await saveScreenshot(page, 'wholesale-revoked-desktop');

    // The tab opened before: the invest action is refused by the server, naming the revocation.
    const message = REVOCATION_MESSAGES.revoked(date);
    await card.getByRole('button', { name: 'Invest Now' }).click();
    await offers.page.getByLabel('Number of Tokens').fill('10');
    await offers.page.getByRole('button', { name: 'Confirm Investment' }).click();
    await offers.page.getByLabel('Investment refused').getByText(message).waitFor();
    await saveScreenshot(offers.page, 'invest-refused-revoked-desktop');
    // Behind the dialog, the list of offerings is closed to them now, saying why (not "try again later").
    await offers.page.getByRole('button', { name: 'Cancel' }).click();
    await offers.page.locator('.ant-alert', { hasText: message }).waitFor();
    expect(await offers.page.getByText('Failed to load token offerings').count()).toBe(0);

    // The offerings are closed to them, saying why; their home shows the holding and the revocation.
    await page.goto(`${server.url}/token-offerings`);
    await page.getByRole('heading', { name: 'Access Restricted' }).waitFor();
    await page.getByText(message).waitFor();
    await page.goto(`${server.url}/`);
    await page.getByText('Revoked', { exact: true }).waitFor();
    await page.getByText('Revoked on').waitFor();
    await page.getByRole('row', { name: new RegExp(offeringName) }).waitFor();
    expect(errors).toEqual([]);
    expect(offers.errors).toEqual([]);
  }, 180_000);
});
