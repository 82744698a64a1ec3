/**
 * Each person's home and the page of every object, at 1280 and 375 px: an investor holding NZD 2.01 M sees
 * it on their dashboard with their certification and activity, opens a holding and an offering; the owner
 * opens their asset's page; an admin confirms the pending NZD 2 M investment through the dialog that names
 * the investor, the asset and the amount — and the investor's home moves. With SCREENSHOTS=1 each
 * screen is saved to frontend/e2e/screenshots/ to be looked at.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import type { Api } from '../../backend/src/testing/api.js';
import { subscribe } from '../../backend/src/testing/billing.js';
import { samplePdf } from '../../backend/src/testing/pdf.js';
import { signUp } from '../../backend/src/testing/users.js';
import { openSignedIn } from './support/accounts.js';
import {
  desktop,
  fitsViewportWidth,
  launchBrowser,
  navigateInApp,
  phone,
  saveScreenshot,
  waitForText,
  type TestBrowser,
  type Viewport,
} from './support/browser.js';
import { startKauri } from './support/kauri-server.js';

const ADMIN_EMAIL = 'markets@kauri.test';

/** Nothing on the page reaches past the screen's right edge, except inside a table's own scroller. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('body *'))
      .filter(
        (e) =>
          e.getBoundingClientRect().right > window.innerWidth + 1 &&
          !e.closest('.ant-table-content, .ant-table-body, .ant-modal-wrap'),
      )
      .slice(0, 6)
      .map((e) => `${e.tagName}.${String(e.className).slice(0, 60)} ${Math.round(e.getBoundingClientRect().right)}`),
  );
}

function expectOk(what: string, res: { status: number; body: unknown }, status = 200) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
}

describe("each person's home and the page of every object", () => {
  let investorBrowser: TestBrowser;
  let ownerBrowser: TestBrowser;
  let adminBrowser: TestBrowser;
  let server: Awaited<ReturnType<typeof startKauri>>;
  let investorEmail: string;
  let ownerEmail: string;
  let assetId: string;
  let newcomer: Api;

  beforeAll(async () => {
    [investorBrowser, ownerBrowser, adminBrowser, server] = await Promise.all([
      launchBrowser(),
      launchBrowser(),
      launchBrowser(),
      startKauri({ ADMIN_EMAILS: ADMIN_EMAIL }),
    ]);
    // The paths before the homes are walked by the workspace and wholesale tests; here they go through the API.
    const admin = await signUp(server, { email: ADMIN_EMAIL, firstName: 'Mere', lastName: 'Tane' });
    const owner = await signUp(server, { firstName: 'Moana', lastName: 'Rapana' });
    ownerEmail = owner.user.email;
    await subscribe(owner, 'enterprise');
    const drafted = await owner.post('/api/assets', {
      name: 'Harbour View',
      description: 'Twelve waterfront apartments on Quay Street, let on long leases',
      assetType: 'property',
      address: '1 Quay Street, Auckland',
      totalValue: 2_500_000,
      tokenCount: 20_000,
    });
    assetId = drafted.body.id as string;
    await owner.putBytes(`/api/assets/${assetId}/documents/property-deed`, samplePdf('Record of Title'), undefined, {
      'x-file-name': 'Record of Title.pdf',
    });
    await owner.putBytes(`/api/assets/${assetId}/documents/valuation-report`, samplePdf('Valuation'), undefined, {
      'x-file-name': 'Registered valuation.pdf',
    });
    await owner.post(`/api/assets/${assetId}/valuation`, { value: 2_500_000, method: 'property-calculator' });
    await owner.put(`/api/assets/${assetId}/token`, {
      symbol: 'HVA',
      name: 'Harbour View',
      totalSupply: 20_000,
      decimals: 0,
      price: 125,
      minInvestment: 1_000,
      maxInvestment: 2_500_000,
      network: 'polygon',
      lockUpMonths: 12,
      feePercent: 3.5,
    });
    await owner.post(`/api/assets/${assetId}/submit`);
    expectOk('approve asset', await admin.post(`/api/admin/assets/${assetId}/approve`));
    const offering = await admin.post('/api/admin/offerings', {
      assetId,
      name: 'Harbour View Series A',
      description: 'Rental income from twelve apartments, paid quarterly',
      totalTokens: 20_000,
      tokenPrice: '125.00',
      minimumInvestment: '1000',
      lockupPeriod: 365,
    });
    expectOk('create offering', offering, 201);
    const offeringId = offering.body.id as string;

    // Aroha: certified, then NZD 10,000 (settled at once) and NZD 2,000,000 (pending until staff confirm).
    const investor = await signUp(server, { firstName: 'Aroha', lastName: 'Ngata' });
    investorEmail = investor.user.email;
    const submitted = await investor.post('/api/wholesale-verification', {
      verificationType: 'high_net_worth',
      netWorthAmount: 9_000_000,
      verifierName: 'Hine Walker',
      verifierContact: 'hine@law.nz',
    });
    expectOk(
      'approve',
      await admin.put(`/api/admin/wholesale-verification/${submitted.body.id}`, { status: 'verified' }),
    );
    expectOk(
      'invest',
      await investor.post('/api/invest', { offeringId, tokensRequested: 80, investmentAmount: 10_000 }),
      201,
    );
    const large = await investor.post('/api/invest', {
      offeringId,
      tokensRequested: 16_000,
      investmentAmount: 2_000_000,
    });
    expect(large.body.status).toBe('pending');

    // Tama: a certification waiting for the admin (approved through the dialog on a phone).
    newcomer = await signUp(server, { firstName: 'Tama', lastName: 'Wiremu' });
    expectOk(
      'submit',
      await newcomer.post('/api/wholesale-verification', {
        verificationType: 'large_investment',
        investmentAmount: 800_000,
        verifierName: 'Hine Walker',
        verifierContact: 'hine@law.nz',
      }),
      201,
    );
  }, 120_000);
  afterAll(async () => {
    await Promise.all([investorBrowser?.close(), ownerBrowser?.close(), adminBrowser?.close()]);
    await server?.close();
  });

  /** A new tab at `path`, signed in as `email`. */
  function signedIn(browser: TestBrowser, email: string, viewport: Viewport, path: string) {
    return openSignedIn(browser, server.url, email, path, viewport);
  }

  /** The owner's home: the workflow at the step the asset card shows, the compliance step still open flagged. */
  async function ownerWorkflow(page: Page) {
    const line = page.getByLabel('Current workflow step');
    await line.getByText('Step 5 of 5 · Harbour View · Compliance Checklist still open').waitFor();
    await page.getByText('Needs attention', { exact: true }).waitFor();
    await page.getByLabel('Harbour View').getByText('Step 5 of 5').waitFor();
    expect(await page.getByText('Subscription required to create tokens').count()).toBe(0); // enterprise plan
  }

  /** How many of a page's scroll positions (80 px apart) show the floating menu over a table. */
  async function menuOverTables(page: Page): Promise<number> {
    return page.evaluate(async () => {
      const frames = () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))),
        );
      let over = 0;
      for (let y = 0; y < document.documentElement.scrollHeight; y += 80) {
        window.scrollTo({ top: y, behavior: 'instant' });
        await frames();
        const button = document.querySelector('[aria-label="Open quick menu"]');
        if (!button || getComputedStyle(button).visibility === 'hidden') continue;
        const b = button.getBoundingClientRect();
        const covers = Array.from(document.querySelectorAll('table')).some((t) => {
          const r = t.getBoundingClientRect();
          return r.width > 0 && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
        });
        if (covers) {
          await new Promise((resolve) => setTimeout(resolve, 150));
          if (getComputedStyle(button).visibility !== 'hidden') over++;
        }
      }
      window.scrollTo({ top: 0, behavior: 'instant' });
      return over;
    });
  }

  /** The investor's walk, from a tab opened at the home: a holding, the offerings, an offering's page. */
  async function investorWalk(page: Page, size: 'desktop' | 'phone', portfolioValue: string) {
    await page.getByText('Portfolio Value', { exact: true }).waitFor();
    await page.getByText(portfolioValue, { exact: true }).first().waitFor();
    await page.getByText('Wholesale Certification').waitFor();
    await page.getByText('Valid until', { exact: true }).waitFor();
    await page.getByText('Bought 80 tokens for $10,000').waitFor();
    expect(await page.getByRole('link', { name: 'Start Verification' }).count()).toBe(0);
    expect(await page.getByText('No activity yet').count()).toBe(0);
    // Creating tokens is an owner's business: no 'Upgrade to Create Tokens · Subscription required' here.
    expect(await page.getByText('Subscription required to create tokens').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Upgrade to Create Tokens' }).count()).toBe(0);
    await saveScreenshot(page, `homes-investor-home-${size}`);
    if (size === 'phone') expect(await overflowing(page)).toEqual([]);

    // A holding's page, from the home's holdings table.
    await page.getByRole('row', { name: /80/ }).getByRole('link', { name: 'Harbour View' }).click();
    await page.getByRole('heading', { level: 1, name: '80 tokens of Harbour View' }).waitFor();
    await page.getByText(`Aroha Ngata (${investorEmail})`).waitFor();
    await page.getByText("$125 (the asset's latest valuation)").waitFor();
    await saveScreenshot(page, `homes-investment-${size}`);
    if (size === 'phone') expect(await overflowing(page)).toEqual([]);

    // The offerings: the card says what the asset is, its valuation, documents and terms.
    await page.goto(`${server.url}/token-offerings`);
    const card = page.getByLabel('Harbour View Series A');
    await card.getByText('Valued at $2,500,000 (property calculator)').waitFor();
    await card.getByRole('link', { name: /Valuation Report/ }).waitFor();
    await card.getByText('Lock-up 365 days · HVA on Polygon').waitFor();
    await saveScreenshot(page, `homes-token-offerings-${size}`);
    if (size === 'phone') expect(await overflowing(page)).toEqual([]);
    await card.getByRole('link', { name: 'View Details' }).click();
    await page.getByRole('heading', { level: 1, name: 'Harbour View Series A' }).waitFor();
    await page.getByText('The Asset').waitFor();
    await page.getByText('1 Quay Street, Auckland').waitFor();
    await page.getByRole('link', { name: 'Property Deed' }).waitFor();
    await page.getByText('My Investments in This Offering').waitFor();
    await page.getByRole('button', { name: 'Invest Now' }).waitFor();
    await saveScreenshot(page, `homes-offering-${size}`);
    if (size === 'phone') expect(await overflowing(page)).toEqual([]);
  }

  it('at 1280 px: the investor, the owner, and an admin confirming NZD 2,000,000 through the dialog', async () => {
    const investor = await signedIn(investorBrowser, investorEmail, desktop, '/dashboard');
    await investorWalk(investor.page, 'desktop', '$10,000');
    await investor.page.goto(`${server.url}/dashboard`);
    await investor.page.getByText('$2,000,000').first().waitFor(); // pending settlement
    await investor.page.getByText('Pending settlement').first().waitFor();

    // The owner's home: the workflow is where the asset card is (step 5 of 5), the open compliance step flagged.
    const owner = await signedIn(ownerBrowser, ownerEmail, desktop, '/dashboard');
    await ownerWorkflow(owner.page);
    // Every chart's legend names its series in the text colour (the swatch shows the series' colour): the cap
    // table's ring too, whose "Offered, not yet sold" slice is a near-white grey (axe-core does not judge it).
    await owner.page.locator('.recharts-pie').waitFor();
    const legendColours = await owner.page.locator('.recharts-legend-item-text').evaluateAll((names) =>
      // The name's own element (a legend formatter's span inside recharts' own, which takes the series' colour).
      names.map((name) => [name.textContent, getComputedStyle(name.querySelector('span') ?? name).color]),
    );
    const textColour = await owner.page.locator('h1').evaluate((h1) => getComputedStyle(h1.parentElement!).color);
    expect(legendColours).toContainEqual(['Offered, not yet sold', textColour]);
    expect(legendColours.filter(([, colour]) => colour !== textColour)).toEqual([]);
    await saveScreenshot(owner.page, 'homes-owner-home-desktop');
    // The owner's asset page, from My Assets' 'View Details'.
    await navigateInApp(owner.page, '/assets');
    await owner.page.getByLabel('Harbour View').getByRole('link', { name: 'View Details' }).click();
    await owner.page.getByRole('heading', { level: 1, name: 'Harbour View' }).waitFor();
    await owner.page.getByText('Token Terms').waitFor();
    await owner.page.getByRole('cell', { name: /Aroha Ngata/ }).waitFor(); // the confirmed investor, named to the owner
    await owner.page.getByText('Offering Harbour View Series A opened: 20,000 tokens at $125').waitFor();
    await saveScreenshot(owner.page, 'owner-asset-desktop');
    expect(owner.errors).toEqual([]);

    // The admin confirms the pending investment; the dialog names who, what and how much.
    const admin = await signedIn(adminBrowser, ADMIN_EMAIL, desktop, '/admin');
    // Each tab says how many wait under it: Tama's certification, the NZD 2 M investment.
    await admin.page.getByRole('tab', { name: 'Wholesale Verifications' }).getByTitle('1 waiting').waitFor();
    await admin.page.getByRole('tab', { name: 'Token Offerings' }).getByTitle('1 waiting').waitFor();
    expect(
      await admin.page
        .getByRole('tab', { name: 'Tokenization Reviews' })
        .getByTitle(/waiting/)
        .count(),
    ).toBe(0);
    await saveScreenshot(admin.page, 'homes-admin-tabs-desktop');
    await admin.page.getByRole('tab', { name: 'Token Offerings' }).click();
    const row = admin.page.getByRole('row', { name: /Aroha Ngata/ });
    await row.getByRole('button', { name: 'Confirm' }).click();
    const dialog = admin.page.getByRole('dialog', { name: "Confirm Aroha Ngata's investment of $2,000,000?" });
    await dialog.getByText('Harbour View Series A').waitFor();
    await dialog.getByText('16,000').waitFor();
    await saveScreenshot(admin.page, 'admin-confirm-dialog-desktop');
    await dialog.getByRole('button', { name: 'Confirm Investment' }).click();
    await waitForText(admin.page, 'Investment Confirmed');
    await admin.page.getByText('Nothing waiting').waitFor();
    await admin.page
      .getByRole('tab', { name: 'Token Offerings' })
      .getByTitle(/waiting/)
      .waitFor({ state: 'detached' });
    expect(admin.errors).toEqual([]);

    // The investor's home now holds NZD 2.01 M.
    await investor.page.goto(`${server.url}/dashboard`);
    await investor.page.getByText('$2,010,000').first().waitFor();
    await investor.page.getByText('Bought 16,000 tokens for $2,000,000').waitFor();
    await saveScreenshot(investor.page, 'investor-home-after-desktop');
    expect(investor.errors).toEqual([]);
  }, 180_000);

  it('at 375 px: the same pages fit the screen, and an admin approves a verification through the dialog', async () => {
    const investor = await signedIn(investorBrowser, investorEmail, phone, '/dashboard');
    await investorWalk(investor.page, 'phone', '$2,010,000');
    expect(await fitsViewportWidth(investor.page)).toBe(true);
    expect(investor.errors).toEqual([]);

    const owner = await signedIn(ownerBrowser, ownerEmail, phone, '/assets');
    await owner.page.getByLabel('Harbour View').getByRole('link', { name: 'View Details' }).click();
    await owner.page.getByRole('heading', { level: 1, name: 'Harbour View' }).waitFor();
    await owner.page.getByText('History').waitFor();
    await saveScreenshot(owner.page, 'owner-asset-phone');
    expect(await overflowing(owner.page)).toEqual([]);
    await navigateInApp(owner.page, '/');
    await ownerWorkflow(owner.page);
    // The wizard's review, in words (not 'property', 'polygon'), and never under the floating menu.
    await navigateInApp(owner.page, `/tokenize?asset=${assetId}`);
    const review = owner.page.getByLabel('Review', { exact: true });
    await review.getByText('Property', { exact: true }).waitFor();
    await review.getByText('Polygon', { exact: true }).waitFor();
    expect(await menuOverTables(owner.page)).toBe(0);
    await saveScreenshot(owner.page, 'homes-tokenize-review-phone');
    expect(owner.errors).toEqual([]);

    // On a phone the admin's sections are a picker (six tabs do not fit), with what waits under each.
    const admin = await signedIn(adminBrowser, ADMIN_EMAIL, phone, '/admin');
    await admin.page.getByLabel('Admin section').waitFor();
    await admin.page.locator('.ant-select', { hasText: 'Wholesale Verifications' }).getByTitle('1 waiting').waitFor();
    await saveScreenshot(admin.page, 'homes-admin-sections-phone');
    const row = admin.page.getByRole('row', { name: /Tama Wiremu/ });
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Approve Tama Wiremu as a wholesale investor?' });
    await dialog.getByText('Investment $800,000').waitFor();
    await saveScreenshot(admin.page, 'admin-approve-dialog-phone');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await waitForText(admin.page, 'Verification Updated');
    expect((await newcomer.get('/api/wholesale-status')).body.verificationStatus).toBe('verified');
    expect(admin.errors).toEqual([]);
  }, 180_000);
});
