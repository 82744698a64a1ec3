/**
 * The app shell on the real production bundle: fallback page, case-insensitive routes and client-side
 * navigation. Runs against the static helper, so it needs only `npm run build -w frontend`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  desktop,
  fitsViewportWidth,
  launchBrowser,
  openPage,
  phone,
  saveScreenshot,
  type TestBrowser,
} from './support/browser.js';
import { startStaticServer, type RunningServer } from './support/static-server.js';

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('app shell', () => {
  let server: RunningServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    server = await startStaticServer();
    browser = await launchBrowser();
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the 404 page for an unknown path, with a way home', async () => {
    const { page, errors } = await openPage(browser, server.url, '/no-such-page');

    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await saveScreenshot(page, 'not-found-desktop');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.getByRole('link', { name: 'Register Interest - FREE' }).waitFor();

    expect(pathOf(page)).toBe('/');
    expect(errors).toEqual([]);
  }, 30_000);

  it('matches paths case-insensitively', async () => {
    const { page, errors } = await openPage(browser, server.url, '/REGISTER-INTEREST');

    await page.getByRole('heading', { name: 'Register Your Interest' }).waitFor();

    expect(errors).toEqual([]);
  }, 30_000);

  it('navigates from the header link without reloading the page', async () => {
    const { page, errors } = await openPage(browser, server.url, '/');
    await page.getByRole('link', { name: 'Register Interest - FREE' }).waitFor();
    await saveScreenshot(page, 'landing-desktop');
    // A full page load would wipe this marker; client-side navigation keeps it.
    await page.evaluate(() => Object.assign(window, { kauriNoReloadMarker: true }));

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Register Now' }).click();
    await page.getByRole('heading', { name: 'Register Your Interest' }).waitFor();

    expect(pathOf(page)).toBe('/register-interest');
    expect(await page.evaluate(() => 'kauriNoReloadMarker' in window)).toBe(true);
    expect(errors).toEqual([]);
  }, 30_000);

  it('shows every header link on desktop and hides Demo on a 375 px phone', async () => {
    const header = (page: Page) => page.getByRole('navigation', { name: 'Main' });

    const wide = await openPage(browser, server.url, '/', desktop);
    for (const name of ['Guide', 'Partners', 'Demo', 'Register Now']) {
      await header(wide.page).getByRole('link', { name, exact: true }).waitFor();
    }

    const narrow = await openPage(browser, server.url, '/', phone);
    await header(narrow.page).getByRole('link', { name: 'Register Now' }).waitFor();
    await saveScreenshot(narrow.page, 'landing-375');

    expect(await header(narrow.page).getByRole('link', { name: 'Demo', exact: true }).count()).toBe(0);
    expect(await fitsViewportWidth(narrow.page)).toBe(true);
  }, 30_000);
});
