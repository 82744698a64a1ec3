/**
 * Income in the browser (issue 31): the owner declares a distribution after its preview, another admin approves
 * it, the owner funds it by card, and the investor sees the net amount, the tax withheld and their statement.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { awaitingFunding, assetWithHolder, fundedDistribution } from '../../backend/src/testing/income.js';
import { signUp } from '../../backend/src/testing/users.js';
import { nzDate } from '../../backend/src/platform/nz-time.js';
import { OWN_REQUEST_REASON } from '../../backend/src/messages.js';
import { openSignedIn } from './support/accounts.js';
import {
  choose,
  fitsViewportWidth,
  launchBrowser,
  phone,
  saveScreenshot,
  waitForText,
  type TestBrowser,
} from './support/browser.js';
import { startKauri } from './support/kauri-server.js';

/** On the owner's distributions page: opens the first distribution and pays its $50 funding with a test card. */
async function payByCard(page: Page, cardNumber: string) {
  await page.getByRole('button', { name: 'Open' }).first().click();
  await page.getByRole('button', { name: 'Fund $50' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fund $50' });
  await dialog.getByLabel('Card number').fill(cardNumber);
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Pay $50' }).click();
  return dialog;
}

describe('income: declare, approve, fund, and the investor’s income', () => {
  let browser: TestBrowser;
  let server: Awaited<ReturnType<typeof startKauri>>;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startKauri()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the owner declares and funds, another admin approves, the investor sees net, tax and statement', async () => {
    const admin = await signUp(server, { admin: true, email: 'approver@kauri.test', firstName: 'Ana' });
    const { owner, assetId, investor } = await assetWithHolder(server, admin, { name: 'Harbour Flats', rwtRate: '30' });

    // The owner: the preview shows every line before anything is recorded, then the declaration.
    const mine = await openSignedIn(browser, server.url, owner.user.email, `/assets/${assetId}/distributions`);
    await choose(mine.page, 'Kind', 'Interest');
    await mine.page.getByLabel('Total amount (NZD)').fill('1000.00');
    await mine.page.getByRole('button', { name: 'Preview' }).click();
    const line = mine.page.getByRole('row', { name: /Test User/ });
    await line.getByText('$15 RWT 30%').waitFor();
    expect(await line.getByRole('cell', { name: '$35', exact: true }).count()).toBe(1);
    await saveScreenshot(mine.page, 'income-preview');
    await mine.page.getByRole('button', { name: 'Declare', exact: true }).click();
    await waitForText(mine.page, 'Distribution Declared');
    await mine.page.getByText('Awaiting approval').first().waitFor();

    // Another admin approves it.
    const other = await openSignedIn(browser, server.url, 'approver@kauri.test', '/admin/distributions');
    await other.page
      .getByRole('row', { name: /Harbour Flats/ })
      .getByRole('button', { name: 'Approve' })
      .click();
    await waitForText(other.page, 'Distribution Approved');
    expect(other.errors).toEqual([]);

    // The owner funds it by card (the sandbox's test card).
    const funding = await openSignedIn(browser, server.url, owner.user.email, `/assets/${assetId}/distributions`);
    await payByCard(funding.page, '4242 4242 4242 4242');
    await waitForText(funding.page, 'Distribution Funded');
    expect(mine.errors).toEqual([]);
    expect(funding.errors).toEqual([]);

    // The investor: the net amount, the tax withheld, and the year's statement.
    const income = await openSignedIn(browser, server.url, investor.user.email, '/income');
    const row = income.page.getByRole('row', { name: /Harbour Flats/ });
    await row.getByText('$15 RWT 30%').waitFor();
    expect(await row.getByRole('cell', { name: '$35', exact: true }).count()).toBe(1);
    const statement = income.page.getByRole('link', { name: 'Statement (PDF)' });
    const href = await statement.getAttribute('href');
    expect(href).toMatch(/^\/api\/income\/statements\/\d{4}$/);
    const pdf = await income.page.request.get(new URL(href!, server.url).href);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).toString('latin1')).toContain('RWT withheld at 30% NZD 15.00');
    await saveScreenshot(income.page, 'income-investor');
    expect(income.errors).toEqual([]);

    // At 375 px the page keeps to the screen (its tables scroll within themselves).
    const small = await openSignedIn(browser, server.url, investor.user.email, '/income', phone);
    await small.page.getByRole('link', { name: 'Statement (PDF)' }).waitFor();
    expect(await fitsViewportWidth(small.page)).toBe(true);

    // Moving abroad: a non-resident picks their country by name from the list (only codes the server knows).
    await choose(small.page, 'Tax residency', 'Non-resident');
    await small.page.getByLabel('Country of tax residence', { exact: true }).fill('Austral');
    await small.page.locator('.ant-select-dropdown:visible').getByTitle('Australia (AU)', { exact: true }).click();
    await small.page.getByRole('button', { name: 'Save tax profile' }).click();
    await waitForText(small.page, 'Tax Profile Saved');
    const profile = await investor.get('/api/tax-profile');
    expect(profile.body).toMatchObject({ residency: 'non-resident', treatyCountry: 'AU', rwtRate: null });
    expect(small.errors).toEqual([]);
  });

  it('withheld tax is owed until one admin records the payment to Inland Revenue and another confirms it; a cancelled funding is refunded', async () => {
    const admin = await signUp(server, { admin: true, email: 'treasurer@kauri.test', firstName: 'Tia' });
    const checker = await signUp(server, { admin: true, email: 'checker@kauri.test', firstName: 'Rua' });
    const { owner, assetId } = await assetWithHolder(server, admin, { name: 'Kowhai Court', rwtRate: '30' });
    const today = nzDate(new Date());
    const distribute = () => fundedDistribution(owner, checker, assetId);
    // One paid by direct credit ($15 RWT withheld), one cancelled after funding.
    const paid = await distribute();
    expect((await admin.post(`/api/admin/distributions/${paid}/pay`)).status).toBe(200);
    expect(
      (await admin.post(`/api/admin/distributions/${paid}/direct-credit/confirm`, { bankReference: 'B7' })).status,
    ).toBe(200);
    const cancelled = await distribute();
    expect(
      (await owner.post(`/api/assets/${assetId}/distributions/${cancelled}/cancel`, { reason: 'Sold' })).status,
    ).toBe(200);

    const treasurer = await openSignedIn(browser, server.url, 'treasurer@kauri.test', '/admin/distributions');
    // The month as people write it (November 2026), not as the ledger keys it (2026-11).
    const taxMonth = new Intl.DateTimeFormat('en-NZ', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${today.slice(0, 7)}-01T00:00:00Z`),
    );
    const month = treasurer.page.getByRole('row', { name: new RegExp(`${taxMonth} RWT`) });
    await month.getByRole('cell', { name: '$15', exact: true }).first().waitFor();
    await treasurer.page.getByText('Refunded $50').waitFor();
    // Dates are pickers that also take what a person types, and show it as New Zealanders write it.
    await treasurer.page.getByLabel('Tax month').fill(today.slice(0, 7));
    await treasurer.page.getByLabel('Tax month').press('Enter');
    await treasurer.page.getByLabel('Amount paid').fill('15.00');
    const [year, monthNumber, day] = today.split('-').map(Number);
    await treasurer.page.getByLabel('Paid on').fill(`${day}/${monthNumber}/${year}`);
    await treasurer.page.getByLabel('Paid on').press('Enter');
    const monthName = new Date(Date.UTC(year!, monthNumber! - 1, 1)).toLocaleString('en', { month: 'short' });
    expect(await treasurer.page.getByLabel('Paid on').inputValue()).toBe(`${day} ${monthName} ${year}`);
    // First entered with a wrong reference: taken back with a reason before anyone confirms it, it counts for nothing.
    await treasurer.page.getByLabel('IR reference').fill('IR-E2E-0');
    await treasurer.page.getByRole('button', { name: 'Record payment to IR' }).click();
    const wrong = treasurer.page.getByRole('row', { name: /IR-E2E-0/ });
    await wrong.getByRole('button', { name: 'Reject' }).click();
    const dialog = treasurer.page.getByRole('dialog', { name: /Reject the payment of \$15/ });
    await dialog.getByLabel('Why it is wrong').fill('Wrong reference: IR-E2E-1 on the receipt');
    await dialog.getByRole('button', { name: 'Reject payment' }).click();
    await waitForText(treasurer.page, 'Tax Payment Rejected');
    await wrong.getByText('Rejected: Wrong reference: IR-E2E-1 on the receipt').waitFor();
    await treasurer.page.getByLabel('Amount paid').fill('15.00');
    await treasurer.page.getByLabel('IR reference').fill('IR-E2E-1');
    await treasurer.page.getByRole('button', { name: 'Record payment to IR' }).click();
    await treasurer.page
      .getByRole('row', { name: /IR-E2E-1/ })
      .getByText(OWN_REQUEST_REASON)
      .waitFor();
    await saveScreenshot(treasurer.page, 'income-withheld-tax');
    expect(treasurer.errors).toEqual([]);

    const second = await openSignedIn(browser, server.url, 'checker@kauri.test', '/admin/distributions');
    await second.page
      .getByRole('row', { name: /IR-E2E-1/ })
      .getByRole('button', { name: 'Confirm payment' })
      .click();
    await waitForText(second.page, 'Tax Payment Confirmed');
    await second.page
      .getByRole('row', { name: /IR-E2E-1/ })
      .getByText('Confirmed')
      .waitFor();
    const settled = (await checker.get('/api/admin/withheld-tax')).body;
    expect(settled.periods[0]).toMatchObject({ taxKind: 'RWT', withheld: '15.00', outstanding: '0.00' });
    expect(second.errors).toEqual([]);
  });

  it('a card whose bank asks to authenticate leaves the payment under way; cancelling the distribution stops it, nothing charged', async () => {
    const admin = await signUp(server, { admin: true, email: 'auth-checker@kauri.test', firstName: 'Hemi' });
    const { owner, assetId } = await assetWithHolder(server, admin, { name: 'Totara Lane', rwtRate: '30' });
    const id = await awaitingFunding(owner, admin, assetId);

    const mine = await openSignedIn(browser, server.url, owner.user.email, `/assets/${assetId}/distributions`);
    // Stripe's test card that asks for 3D Secure: the form cannot authenticate, so the payment waits.
    const dialog = await payByCard(mine.page, '4000 0025 0000 3155');
    await waitForText(mine.page, 'Payment Processing');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await mine.page.getByText('Your card payment is under way').waitFor();
    await saveScreenshot(mine.page, 'income-payment-under-way');

    await mine.page.getByRole('button', { name: 'Cancel distribution' }).click();
    await waitForText(mine.page, 'Distribution Cancelled');
    const cancelled = (await owner.get(`/api/assets/${assetId}/distributions/${id}`)).body;
    expect(cancelled).toMatchObject({ status: 'cancelled', fundingPending: false, refundDue: '0.00' });
    expect(mine.errors).toEqual([]);
  });
});
