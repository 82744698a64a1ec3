/**
 * The owner workspace end to end (docs/specification.md §2, §4, §5): a subscribed owner walks all five wizard steps with
 * real PDF uploads, submits; an admin approves from /admin; the owner's dashboard and My Assets show the
 * real figures; the cap table takes an investor.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { samplePdf } from '../../backend/src/testing/pdf.js';
import {
  fitsViewportWidth,
  launchBrowser,
  openPage,
  phone,
  saveScreenshot,
  waitForText,
  type TestBrowser,
} from './support/browser.js';
import { subscribe } from '../../backend/src/testing/billing.js';
import { signUp } from '../../backend/src/testing/users.js';
import { openSignedIn } from './support/accounts.js';
import { startKauri } from './support/kauri-server.js';

const ADMIN_EMAIL = 'reviewer@kauri.test';

describe('owner workspace', () => {
  let owner: TestBrowser;
  let reviewer: TestBrowser;
  let server: Awaited<ReturnType<typeof startKauri>>;
  let files: string;

  beforeAll(async () => {
    [owner, reviewer, server, files] = await Promise.all([
      launchBrowser(),
      launchBrowser(),
      startKauri({ ADMIN_EMAILS: ADMIN_EMAIL }),
      mkdtemp(join(tmpdir(), 'kauri-pdf-')),
    ]);
    await writeFile(join(files, 'Record of Title.pdf'), samplePdf('Record of Title'));
    await writeFile(join(files, 'Valuation Report.pdf'), samplePdf('Valuation Report'));
    await writeFile(join(files, 'not-really.pdf'), Buffer.from('GIF89a this is an image with a .pdf name'));
  }, 60_000);
  afterAll(async () => {
    await Promise.all([owner?.close(), reviewer?.close()]);
    await server?.close();
    await rm(files, { recursive: true, force: true });
  });

  it('tokenizes an asset from a new draft to approval, then shows it on the dashboard', async () => {
    // Signing up and subscribing are the identity and billing tests' walks; here they go through the API.
    await subscribe(await signUp(server, { email: 'rangi@example.nz', firstName: 'Rangi' }), 'professional');
    const { page, errors } = await openSignedIn(owner, server.url, 'rangi@example.nz', '/assets');
    await page.getByText('No assets yet').waitFor();
    await page.getByRole('link', { name: 'Tokenize Your First Asset' }).click();
    await page.getByRole('heading', { name: 'Tokenize Your Asset' }).waitFor();

    // Step 1, with the spec's messages first.
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await page.getByText('Asset name is required').waitFor();
    await page.getByText('Description must be at least 10 characters').waitFor();
    await page.getByText('Total value must be at least 1').waitFor();
    await page.getByText('Token count must be at least 1').waitFor();
    await page.getByLabel('Asset Name').fill('Harbour View Apartments');
    await page.getByLabel('Description').fill('Twelve apartments on the Tauranga waterfront, fully tenanted.');
    await page.getByLabel('Address (optional)').fill('1 The Strand, Tauranga');
    await page.getByLabel('Total Value (NZD)').fill('1200000');
    await page.getByLabel('Token Count').fill('1200000');
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await page.getByText('Step 2 of 5: Documentation').waitFor();
    expect(new URL(page.url()).searchParams.get('asset')).toMatch(/^[0-9a-f-]{36}$/);
    // The draft is saved: My Assets lists it, and 'Continue Setup' reopens it where it stands.
    await page.goto(`${server.url}/assets`);
    await page.getByLabel('Harbour View Apartments').getByText('Step 2 of 5').waitFor();
    await page.getByLabel('Harbour View Apartments').getByRole('link', { name: 'Continue Setup' }).click();
    await page.getByText('Step 2 of 5: Documentation').waitFor();

    // Step 2: a fake PDF is refused by the server; two real ones upload with progress.
    const deed = page.getByLabel('Property Deed', { exact: true });
    await deed.getByText('PDF format, max 10MB').waitFor();
    await deed.locator('input[type=file]').setInputFiles(join(files, 'not-really.pdf'));
    await waitForText(page, 'Documents must be PDF files');
    await deed.locator('input[type=file]').setInputFiles(join(files, 'Record of Title.pdf'));
    await deed.getByRole('link', { name: 'Record of Title.pdf' }).waitFor();
    const report = page.getByLabel('Valuation Report', { exact: true });
    await report.locator('input[type=file]').setInputFiles(join(files, 'Valuation Report.pdf'));
    // With both documents in, the wizard stays on the step (it never moves by itself after an upload): both are
    // shown, downloadable, and the owner moves on.
    await report.getByRole('link', { name: 'Valuation Report.pdf' }).waitFor();
    await deed.getByRole('link', { name: 'Record of Title.pdf' }).waitFor();
    expect(await page.getByText('Step 2 of 5: Documentation').count()).toBe(1);
    await page.getByRole('button', { name: 'Continue to Valuation' }).click();
    await page.getByText('Step 3 of 5: Valuation').waitFor();

    // Step 3: the property calculator on the asset's data, then the owner's own figure, accepted.
    await page.getByRole('button', { name: 'Run Property Calculator' }).click();
    await page.getByLabel('Estimate').getByText('Property calculator').waitFor();
    await page.getByLabel('Value (NZD)').fill('1250000');
    await page.getByRole('button', { name: 'Use My Estimate' }).click();
    await page.getByLabel('Estimate').getByText('$1,250,000').waitFor();
    await page.getByRole('button', { name: 'Accept Valuation' }).click();
    await page.getByText('Step 4 of 5: Token Configuration').waitFor();

    // Step 4: a bad symbol is refused; then saved.
    await page.getByLabel('Symbol').fill('h');
    await page.getByRole('button', { name: 'Save Token Configuration' }).click();
    await page.getByText('Symbol must be 3 to 6 capital letters or digits').waitFor();
    await page.getByLabel('Symbol').fill('hva');
    await page.getByRole('button', { name: 'Save Token Configuration' }).click();
    await page.getByText('Step 5 of 5: Deploy').waitFor();

    // Step 5: review and submit.
    await page.getByLabel('Review').getByText('HVA').waitFor();
    await saveScreenshot(page, 'tokenize-review-desktop');
    await page.getByRole('button', { name: 'Submit for Tokenization' }).click();
    await page.getByText('Awaiting review').waitFor();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expectDisabled(page, 'Save Token Configuration');

    // The admin approves from the review queue.
    await signUp(server, { email: ADMIN_EMAIL, firstName: 'Ops' });
    const admin = await openSignedIn(reviewer, server.url, ADMIN_EMAIL, '/admin');
    await admin.page.getByRole('tab', { name: 'Tokenization Reviews' }).click();
    const row = admin.page.getByRole('row', { name: /Harbour View Apartments/ });
    await row.getByRole('button', { name: 'Approve' }).click();
    // Approval cannot be undone: a dialog names the owner, the asset and its value first.
    const dialog = admin.page.getByRole('dialog', { name: 'Approve the tokenization of Harbour View Apartments?' });
    await dialog.getByText('Rangi').waitFor();
    await dialog.getByText('$1,250,000').waitFor();
    await dialog.getByRole('button', { name: 'Approve Tokenization' }).click();
    await waitForText(admin.page, 'The asset is now active.');
    expect(admin.errors).toEqual([]);

    // The owner's dashboard: real figures, the asset, and the cap table taking an investor.
    await page.goto(`${server.url}/`);
    await page.getByText('$1,250,000').first().waitFor();
    await page.getByText('1,200,000').first().waitFor(); // active tokens = the approved supply
    await page.getByText('Harbour View Apartments approved for tokenization').waitFor();
    await page.getByRole('button', { name: 'Add Investor' }).click();
    await page.getByLabel('Investor Name').fill('Aroha Ngata');
    await page.getByLabel('Tokens Held').fill('50000');
    await page.getByRole('dialog').getByRole('button', { name: 'Add Investor' }).click();
    await page.getByRole('cell', { name: 'Aroha Ngata', exact: true }).waitFor();
    await page.getByRole('cell', { name: '4.17%' }).waitFor(); // 50,000 of 1,200,000 tokens
    await page.locator('.recharts-surface').first().waitFor();
    await saveScreenshot(page, 'dashboard-owner-desktop');

    await page.setViewportSize(phone);
    await page.goto(`${server.url}/assets`);
    const card = page.getByLabel('Harbour View Apartments');
    await card.getByText('Active').waitFor();
    await card.getByText('Step 5 of 5').waitFor();
    await page.getByLabel('Search assets').fill('nothing like it');
    await page.getByText('No assets found').waitFor();
    expect(await fitsViewportWidth(page)).toBe(true);
    expect(errors).toEqual([]);
  }, 180_000);

  it('compliance: the owner requests a review, staff record one check, the score and reports follow; analytics charts the portfolio', async () => {
    const { page, errors } = await openPage(owner, server.url, '/compliance');
    await page.getByRole('heading', { name: 'Compliance Dashboard' }).waitFor();
    await page.getByText('Needs Attention').waitFor();
    await page.getByRole('button', { name: 'Request Compliance Review' }).click();
    await waitForText(page, 'Our compliance team will review your checks and be in touch.');
    await page.getByText('Compliance review requested').first().waitFor();
    // Said once (the toast), not again in the alert that replaces the button.
    expect(await page.getByText(/be in touch/).count()).toBe(1);
    // The report and the draft PDS are real PDFs.
    const [report] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download Compliance Report' }).click(),
    ]);
    expect(report.suggestedFilename()).toMatch(/^compliance-report-\d{4}-\d{2}-\d{2}\.pdf$/);
    const [pds] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Generate PDS Document' }).click(),
    ]);
    expect(pds.suggestedFilename()).toMatch(/^pds-draft-.+\.pdf$/);

    const staff = await openPage(reviewer, server.url, '/admin');
    await staff.page.getByRole('tab', { name: 'Compliance Reviews' }).click();
    const aml = staff.page.getByLabel('AML/CFT', { exact: true });
    await aml.getByLabel('AML/CFT expiry date').fill('2030-06-30');
    await aml.getByLabel('AML/CFT expiry date').press('Enter');
    await aml.getByRole('button', { name: 'Save' }).click();
    await waitForText(staff.page, 'AML/CFT recorded as passed.');
    expect(staff.errors).toEqual([]);

    await page.reload();
    await page
      .getByRole('row', { name: /AML\/CFT/ })
      .getByText('Passed')
      .waitFor();
    await page.getByText('25%').first().waitFor();
    // One check of four: the review stays open until all four are recorded (flows.e2e.ts records them all).
    await page.getByText('Compliance review requested').first().waitFor();
    await saveScreenshot(page, 'compliance-desktop');

    await page.goto(`${server.url}/analytics`);
    await page.getByRole('heading', { name: 'Analytics' }).waitFor();
    await page.locator('.recharts-surface').nth(2).waitFor();
    await saveScreenshot(page, 'analytics-desktop');
    expect(errors).toEqual([]);
  }, 120_000);
});

async function expectDisabled(page: Page, button: string): Promise<void> {
  // A pending asset is frozen: its forms show, disabled, without a save button.
  expect(await page.getByRole('button', { name: button }).count()).toBe(0);
}
