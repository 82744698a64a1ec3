/**
 * A visitor's public site (docs/specification.md §2, §5, §8): every public page at desktop and 375 px, the 404 page,
 * 'Try Calculator', the signed-out subscribe prompt, and both calculators with their validation.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  choose,
  desktop,
  fitsViewportWidth,
  launchBrowser,
  navigateInApp,
  openPage,
  phone,
  saveScreenshot,
  type TestBrowser,
  waitForText,
} from './support/browser.js';
import { startKauri } from './support/kauri-server.js';

const pages: { path: string; heading: string; texts: string[] }[] = [
  {
    path: '/',
    heading: 'Tokenize New Zealand real-world assets',
    texts: ['Register Interest - FREE', '$199/month', '$999/month', 'View All Features'],
  },
  { path: '/demo', heading: 'Dashboard Demo', texts: ['$4,540,000', '4,540', 'Fundraising'] },
  {
    path: '/partners',
    heading: 'Our Partners',
    texts: ['Blockchain infrastructure', 'Payments', 'Crypto custody', 'E-commerce'],
  },
  {
    path: '/user-guide',
    heading: 'Money flow summary',
    texts: ['Your tokenization journey: 12 steps', 'completed', 'upcoming'],
  },
  { path: '/privacy', heading: 'Privacy Policy', texts: ['Last updated: August 15, 2025', '20 working days'] },
  {
    path: '/terms',
    heading: 'Terms of Service',
    texts: ['Effective: August 15, 2025', '3.5% plus $0.30 per transaction', 'Return to Home'],
  },
  { path: '/security', heading: 'Security', texts: ['Next review: February 15, 2026', '2 hours for critical issues'] },
  { path: '/register-interest', heading: 'Register Your Interest', texts: [] },
];

describe('public site', () => {
  let browser: TestBrowser;
  let server: Awaited<ReturnType<typeof startKauri>>;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startKauri()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const viewport of [desktop, phone]) {
    const size = viewport === phone ? 'phone' : 'desktop';
    it(`shows every public page on a ${size}`, async () => {
      const { page, errors } = await openPage(browser, server.url, '/', viewport);
      // Each page opened by its address at one size and by following a link at the other (as in basics.e2e).
      for (const [index, { path, heading, texts }] of pages.entries()) {
        if ((index % 2 === 0) === (viewport === desktop)) await page.goto(`${server.url}${path}`);
        else await navigateInApp(page, path);
        await page.getByRole('heading', { name: heading }).first().waitFor();
        for (const text of texts) await page.getByText(text, { exact: false }).first().waitFor({ state: 'attached' });
        await saveScreenshot(page, `public${path === '/' ? '-landing' : path.replace('/', '-')}-${size}`);
        expect({ path, fits: await fitsViewportWidth(page) }).toEqual({ path, fits: true });
      }
      await page.goto(`${server.url}/no-such-page`);
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      expect(errors).toEqual([]);
    }, 120_000);
  }

  it("scrolls to the calculator with 'Try Calculator', and prompts for sign-in on /subscribe", async () => {
    const { page, errors } = await openPage(browser, server.url, '/');
    await page.getByRole('button', { name: 'Try Calculator' }).click();
    await page.waitForFunction(() => {
      const box = document.getElementById('calculator')?.getBoundingClientRect();
      return !!box && box.top < window.innerHeight && box.bottom > 0;
    });

    await page.getByRole('link', { name: 'View All Features' }).click();
    await page.getByRole('heading', { name: 'Sign In Required for Subscriptions' }).waitFor();
    await page.getByRole('button', { name: 'Sign In / Register' }).click();
    await page.waitForURL(`${server.url}/auth`);
    expect(await page.evaluate(() => localStorage.getItem('kauri.auth.redirect'))).toBe('/subscribe');
    expect(errors).toEqual([]);
  }, 60_000);

  it('runs the property calculator: the missing-information message, then a full analysis', async () => {
    const { page, errors } = await openPage(browser, server.url, '/#calculator');
    await page.getByRole('button', { name: 'Analyze Property' }).click();
    await page.getByText('Missing Information').waitFor();
    await page
      .getByText(
        'Please fill in all required fields: property address, token count, property percentage, property type, and condition.',
      )
      .waitFor();

    await page.getByLabel('Property Address').fill('12 Queen Street, Ponsonby');
    await page.getByLabel('Location').fill('Auckland');
    await choose(page, 'Property Type', 'Residential House');
    await choose(page, 'Condition', 'Good');
    await page.getByLabel('Size (m²)').fill('200');
    await page.getByLabel('Property Percentage').fill('50');
    const chip = (amenity: string) => page.getByLabel(`Remove ${amenity}`);
    await choose(page, 'Add amenity', 'Parking', { keepsValue: false, shows: chip('parking') });
    await choose(page, 'Add amenity', 'Pool', { keepsValue: false, shows: chip('pool') });
    await page.getByLabel('Remove pool').click(); // clicking a chip removes it
    expect(await page.getByLabel('Remove pool').count()).toBe(0);
    // The figures below are for exactly these amenities: a pick is confirmed by its chip (tried again if it did not take).
    await choose(page, 'Add amenity', 'Garden', { keepsValue: false, shows: chip('garden') });
    expect(await chip('parking').count()).toBe(1);
    expect(await chip('pool').count()).toBe(0);
    await page.getByRole('button', { name: 'Analyze Property' }).click();
    await waitForText(page, 'Property valuation and tokenization analysis ready');
    const result = page.getByLabel('Property analysis');
    await result.getByText('$1,386,000').first().waitFor();
    await result.getByText('3.6%').first().waitFor();
    await result
      .getByText('Results are preliminary estimates; final costing follows due diligence and verified documents.')
      .waitFor();
    await result.locator('.ant-tag-green').first().waitFor(); // a low risk is green
    await result.locator('.recharts-surface').first().waitFor(); // the charts render
    await page.getByRole('button', { name: 'Sign In to Continue' }).waitFor();
    await page.getByRole('link', { name: 'View Pricing Plans' }).waitFor();
    await saveScreenshot(page, 'calculator-property-result-desktop');
    expect(errors).toEqual([]);
  }, 90_000);

  it('runs the startup calculator and the pricing calculator', async () => {
    const { page, errors } = await openPage(browser, server.url, '/#calculator', phone);
    await page.getByRole('tab', { name: 'Startup Capital Raising' }).click();
    expect(
      await page.getByRole('tabpanel', { name: 'Startup Capital Raising' }).getByLabel('Token Count').inputValue(),
    ).toBe('1,000,000');
    await page.getByRole('button', { name: 'Analyze Startup' }).click();
    await page.getByText('Please fill in all required fields.', { exact: true }).waitFor();

    await page.getByLabel('Company Name').fill('Kea Labs');
    await choose(page, 'Industry', 'SaaS');
    await choose(page, 'Business Stage', 'Seed');
    await page.getByRole('button', { name: 'Analyze Startup' }).click();
    await waitForText(page, 'Startup tokenization analysis ready');
    await page.getByLabel('Startup analysis').getByText('Company Valuation').waitFor();

    await page.getByLabel('Asset Value (NZD)').fill('1000000');
    await page.getByRole('button', { name: 'Calculate Pricing' }).click();
    await page.getByLabel('Pricing result').getByText('$35,199').waitFor();
    expect(await fitsViewportWidth(page)).toBe(true);
    await saveScreenshot(page, 'calculator-startup-result-phone');
    expect(errors).toEqual([]);
  }, 90_000);
});
