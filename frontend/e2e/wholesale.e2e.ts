/**
 * Wholesale investors end to end (docs/specification.md §2, §4, §5, §6): a non-wholesale user meets Access Restricted; they
 * submit a verification with a document; an admin approves it and creates an offering for an approved
 * asset; the investor invests and sees the holding and the offering's progress move; once the
 * certification lapses (the hourly sweep run as on the day it lapses), access is gone again.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VerificationExpiry } from '../../backend/src/domains/wholesale/verification-expiry.js';
import { systemContext } from '../../backend/src/platform/command-context.js';
import { subscribe } from '../../backend/src/testing/billing.js';
import { samplePdf } from '../../backend/src/testing/pdf.js';
import { signUp } from '../../backend/src/testing/users.js';
import {
  choose,
  fitsViewportWidth,
  launchBrowser,
  phone,
  saveScreenshot,
  waitForText,
  type TestBrowser,
} from './support/browser.js';
import { openSignedIn } from './support/accounts.js';
import { startKauri } from './support/kauri-server.js';

const ADMIN_EMAIL = 'markets@kauri.test';

describe('wholesale investors and offerings', () => {
  let investorBrowser: TestBrowser;
  let adminBrowser: TestBrowser;
  let server: Awaited<ReturnType<typeof startKauri>>;
  let files: string;

  beforeAll(async () => {
    [investorBrowser, adminBrowser, server, files] = await Promise.all([
      launchBrowser(),
      launchBrowser(),
      startKauri({ ADMIN_EMAILS: ADMIN_EMAIL }),
      mkdtemp(join(tmpdir(), 'kauri-evidence-')),
    ]);
    await writeFile(join(files, 'Accountant certificate.pdf'), samplePdf('Certificate of wholesale investor status'));
    // An owner with an approved asset, set up through the API (the workspace test walks that part).
    const owner = await signUp(server, { firstName: 'Moana' });
    const reviewer = await signUp(server, { admin: true });
    await subscribe(owner);
    const { id } = (
      await owner.post('/api/assets', {
        name: 'Kaikōura Lodge',
        description: 'A twelve-room lodge on the Kaikōura coast',
        assetType: 'business',
        totalValue: 1_500_000,
        tokenCount: 15_000,
      })
    ).body;
    await owner.putBytes(`/api/assets/${id}/documents/financial-statements`, samplePdf());
    await owner.putBytes(`/api/assets/${id}/documents/valuation-report`, samplePdf());
    await owner.post(`/api/assets/${id}/valuation`, { value: 1_500_000, method: 'owner-estimate' });
    await owner.put(`/api/assets/${id}/token`, {
      symbol: 'KKL',
      name: 'Kaikoura Lodge',
      totalSupply: 15_000,
      decimals: 0,
      price: 100,
      minInvestment: 1000,
      maxInvestment: 500_000,
      network: 'polygon',
      lockUpMonths: 12,
      feePercent: 3.5,
    });
    await owner.post(`/api/assets/${id}/submit`);
    const approved = await reviewer.post(`/api/admin/assets/${id}/approve`);
    if (approved.status !== 200) throw new Error(`approval failed: ${JSON.stringify(approved.body)}`);
  }, 90_000);
  afterAll(async () => {
    await Promise.all([investorBrowser?.close(), adminBrowser?.close()]);
    await server?.close();
    await rm(files, { recursive: true, force: true });
  });

  it('verifies, is approved, invests in a new offering, and loses access when the certification lapses', async () => {
    await signUp(server, { email: 'tama.investor@example.nz', firstName: 'Tama', lastName: 'Rēweti' });
    const { page, errors } = await openSignedIn(
      investorBrowser,
      server.url,
      'tama.investor@example.nz',
      '/token-offerings',
    );
    await page.getByRole('heading', { name: 'Access Restricted' }).waitFor();
    await page.getByRole('link', { name: 'Get Verified' }).click();
    await page.getByText('Wholesale Investor Verification').waitFor();

    // The spec's messages first, then a professional certification with a document.
    await page.getByRole('radio', { name: /High net worth/ }).check();
    await page.getByLabel('Net Worth (NZD)').fill('1000000');
    await page.getByRole('button', { name: 'Submit Verification' }).click();
    await page.getByText('Net worth must be at least NZD 5,000,000').waitFor();
    await page.getByText('Verifier name required').waitFor();
    await page.getByText('Valid verifier email required').waitFor();
    await page.getByRole('radio', { name: /Investment business or professional/ }).check();
    await choose(page, 'Profession', 'Accountant');
    await page.getByLabel('Verifier Name').fill('Hine Walker');
    await page.getByLabel('Verifier Email').fill('hine@accountants.nz');
    await page.locator('input[type=file]').setInputFiles(join(files, 'Accountant certificate.pdf'));
    await page.getByText('Accountant certificate.pdf').waitFor();
    await saveScreenshot(page, 'wholesale-form-desktop');
    await page.getByRole('button', { name: 'Submit Verification' }).click();
    await waitForText(page, 'Your wholesale investor verification has been submitted for review.');
    await page.getByRole('heading', { name: 'Verification Under Review' }).waitFor();

    // The admin approves, and creates an offering for the approved asset.
    await signUp(server, { email: ADMIN_EMAIL, firstName: 'Ops' });
    const admin = await openSignedIn(adminBrowser, server.url, ADMIN_EMAIL, '/admin');
    await admin.page.getByRole('tab', { name: 'Wholesale Verifications' }).click();
    const row = admin.page.getByRole('row', { name: /tama\.investor@example\.nz/ });
    await row.getByRole('link', { name: 'Accountant certificate.pdf' }).waitFor();
    await row.getByRole('button', { name: 'Approve' }).click();
    await admin.page
      .getByRole('dialog', { name: 'Approve Tama Rēweti as a wholesale investor?' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await waitForText(admin.page, 'Verification Updated');
    await row.getByText('Verified').waitFor();
    await admin.page.getByRole('tab', { name: 'Token Offerings' }).click();
    await admin.page.getByRole('button', { name: 'Create Offering' }).click();
    await waitForText(admin.page, 'Please fill in all required fields');
    await choose(admin.page, 'Approved Asset', 'Kaikōura Lodge');
    await admin.page.getByLabel('Offering Name').fill('Kaikōura Lodge Series A');
    await admin.page.getByLabel('Total Tokens').fill('15000');
    await admin.page.getByLabel('Token Price (NZD)').fill('100');
    await admin.page.getByLabel('Minimum Investment (NZD)').fill('1000');
    await admin.page.getByRole('button', { name: 'Create Offering' }).click();
    await waitForText(admin.page, 'Offering Created');
    await admin.page.getByRole('cell', { name: 'Kaikōura Lodge Series A' }).waitFor();
    await saveScreenshot(admin.page, 'admin-offerings-desktop');
    expect(admin.errors).toEqual([]);

    // The investor is verified, invests, and sees the holding and the progress move.
    await page.goto(`${server.url}/wholesale-verification`);
    await page.getByRole('heading', { name: 'Verified Wholesale Investor' }).waitFor();
    await page.getByRole('link', { name: 'Browse Token Offerings' }).click();
    const card = page.getByLabel('Kaikōura Lodge Series A');
    await card.getByText('0 of 15,000 tokens issued').waitFor();
    await card.getByRole('button', { name: 'Invest Now' }).click();
    // More tokens than are free: refused beside the field, naming how many are free; the number stays as typed.
    await page.getByLabel('Number of Tokens').fill('20000');
    await page.getByLabel('Number of Tokens').blur();
    await page.getByText('Only 15,000 tokens are free in this offering').waitFor();
    expect(await page.getByLabel('Number of Tokens').inputValue()).toBe('20000');
    expect(await page.getByRole('button', { name: 'Confirm Investment' }).isDisabled()).toBe(true);
    // More than the asset's terms allow one investor (NZD 500,000): refused, naming the limit.
    await page.getByLabel('Number of Tokens').fill('6000');
    await page.getByText('The most one investor may put into this asset is $500,000').waitFor();
    expect(await page.getByRole('button', { name: 'Confirm Investment' }).isDisabled()).toBe(true);
    await saveScreenshot(page, 'invest-dialog-over-limit-desktop');
    await page.getByLabel('Number of Tokens').fill('5');
    await page.getByRole('button', { name: 'Confirm Investment' }).click();
    await waitForText(page, 'Minimum investment is NZD 1,000');
    await page.getByLabel('Number of Tokens').fill('150');
    expect(await page.getByLabel('Investment Amount (NZD)').inputValue()).toBe('15000');
    await page.getByRole('button', { name: 'Confirm Investment' }).click();
    await waitForText(page, 'Your token investment has been submitted for processing.');
    await card.getByText('150 of 15,000 tokens issued').waitFor();
    const holding = page.getByRole('row', { name: /Kaikōura Lodge Series A/ });
    await holding.getByText('Confirmed').waitFor();
    await saveScreenshot(page, 'token-offerings-desktop');
    await page.setViewportSize(phone);
    await page.waitForTimeout(300); // let the closing dialog's animation finish
    const wide = await page.evaluate(() =>
      Array.from(document.querySelectorAll('body *'))
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('.ant-table-content'))
        .slice(0, 6)
        .map((e) => `${e.tagName}.${String(e.className).slice(0, 60)} ${Math.round(e.getBoundingClientRect().right)}`),
    );
    expect(wide).toEqual([]);
    expect(await fitsViewportWidth(page)).toBe(true);

    // Two years on, the hourly sweep lapses the certification: access is gone. The sweep is run here as the
    // timer would run it on that day (the HTTP endpoint never sweeps as of a future time).
    const validUntil = await page.evaluate(
      async () =>
        (await (await fetch('/api/wholesale-status', { credentials: 'include' })).json()).validUntil as string,
    );
    const twoYearsOn = new Date(Date.parse(validUntil) + 1000).toISOString();
    const timer = systemContext('verification-expiry', randomUUID(), twoYearsOn);
    await server.app.get(VerificationExpiry).sweep(twoYearsOn, timer);
    await page.goto(`${server.url}/token-offerings`);
    await page.getByRole('heading', { name: 'Access Restricted' }).waitFor();
    await page.goto(`${server.url}/wholesale-verification`);
    await page.getByText('Your certification has lapsed').waitFor();
    expect(errors).toEqual([]);
  }, 180_000);
});
