/**
 * The basics people expect (issue 18), in Chromium running in Los Angeles time (far from New Zealand's):
 * every page titles itself and has one h1 at 1280 and 375 px; tables keep their actions in reach on a phone;
 * the floating menu never covers a field; a rebuild in /admin/operations says what it did, however fast, and
 * still says so after a reload; the audit shows people and streams by name (ids on hover), filters by e-mail,
 * shows NZ time and sends the NZ wall time picked; the pricing calculator names a monthly fee for what it is.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { offeringFor } from '../../backend/src/testing/offerings.js';
import { signUp, TEST_PASSWORD } from '../../backend/src/testing/users.js';
import { openSignedIn, signIn } from './support/accounts.js';
import {
  desktop,
  fitsViewportWidth,
  launchBrowser,
  navigateInApp,
  openPage,
  phone,
  saveScreenshot,
  waitForQuiet,
  waitForText,
  type TestBrowser,
  type Viewport,
  visit,
} from './support/browser.js';
import { startKauri } from './support/kauri-server.js';

const ADMIN = 'basics.admin@kauri.test';
const NZ_MOMENT = /^\d{1,2} [A-Z][a-z]+ \d{4}, \d{1,2}:\d{2}(:\d{2})? [ap]m NZ[DS]T$/;

/** Each page and the title it must set ("<title> · Kauri"), signed in as an admin. */
const SIGNED_IN: [path: string, title: string][] = [
  ['/', 'Dashboard'],
  ['/dashboard', 'Dashboard'],
  ['/assets', 'My Assets'],
  ['/tokenize', 'Tokenize'],
  ['/compliance', 'Compliance'],
  ['/subscribe', 'Subscribe'],
  ['/billing', 'Billing'],
  ['/wholesale-verification', 'Wholesale Verification'],
  ['/token-offerings', 'Token Offerings'],
  ['/admin', 'Admin'],
  ['/admin/operations', 'Operations'],
  ['/audit', 'Audit History'],
  ['/analytics', 'Analytics'],
  ['/profile', 'Profile'],
  ['/demo', 'Demo'],
  ['/partners', 'Partners'],
  ['/user-guide', 'User Guide'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/security', 'Security'],
  ['/register-interest', 'Register Interest'],
  ['/no-such-page', 'Page Not Found'],
];

const titleOf = (path: string) => `${new Map(SIGNED_IN).get(path)} · Kauri`;

const SIGNED_OUT: [path: string, title: string][] = [
  ['/', 'Tokenize Real-World Assets'],
  ['/auth', 'Sign In'],
  ['/billing', 'Billing'],
  ['/partners', 'Partners'],
  ['/no-such-page', 'Page Not Found'],
];

/**
 * The first page of a walk and the 404 page are opened by their address (a full load); the others are followed to
 * within the app, as a link does. The same code sets the title either way, and a page load costs Chromium about six
 * times the CPU of following a link (the suite's time on a 2-core machine).
 */
async function open(page: Page, origin: string, index: number, path: string, title: string) {
  if (index === 0 || path === '/no-such-page') await visit(page, `${origin}${path}`);
  else await navigateInApp(page, path, `${title} · Kauri`);
}

async function titleAndHeadings(page: Page) {
  return page.evaluate(() => ({
    title: document.title,
    h1: Array.from(document.querySelectorAll('h1'), (h) => h.textContent?.trim()),
  }));
}

/** Whether the element is fully inside the viewport's width (reachable without scrolling sideways). */
async function withinScreen(selector: ReturnType<Page['getByRole']>, viewport: Viewport) {
  const box = await selector.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= viewport.width;
}

describe('basics people expect', () => {
  let browser: TestBrowser;
  let server: Awaited<ReturnType<typeof startKauri>>;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let assetId: string;

  beforeAll(async () => {
    [browser, server] = await Promise.all([
      launchBrowser({ timezoneId: 'America/Los_Angeles' }),
      startKauri({ AUTH_RATE_LIMIT_PER_IP: '1000' }),
    ]);
    const admin = await signUp(server, { admin: true, email: ADMIN, firstName: 'Aroha', lastName: 'Ngata' });
    ({ owner, assetId } = await offeringFor(server, admin, 1000));
    // A verification waiting for a decision: the admin table's row with actions.
    const waiting = await signUp(server, { firstName: 'Tama', lastName: 'Waiting' });
    await waiting.post('/api/wholesale-verification', {
      verificationType: 'professional',
      professionalType: 'lawyer',
      verifierName: 'Hine Walker',
      verifierContact: 'hine@law.nz',
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('every page sets its title and has exactly one h1, at 1280 and at 375 px, signed out and in', async () => {
    const { page, errors } = await openPage(browser, server.url, '/');
    for (const viewport of [desktop, phone]) {
      await page.setViewportSize(viewport);
      for (const [index, [path, title]] of SIGNED_OUT.entries()) {
        await open(page, server.url, index, path, title);
        expect({ path, ...(await titleAndHeadings(page)) }).toEqual({
          path,
          title: `${title} · Kauri`,
          h1: [expect.any(String)],
        });
      }
    }
    await page.setViewportSize(desktop);
    await page.goto(`${server.url}/auth`);
    await signIn(page, ADMIN, TEST_PASSWORD);
    for (const viewport of [desktop, phone]) {
      await page.setViewportSize(viewport);
      for (const [index, [path, title]] of SIGNED_IN.entries()) {
        await open(page, server.url, index, path, title);
        expect({ path, ...(await titleAndHeadings(page)) }).toEqual({
          path,
          title: `${title} · Kauri`,
          h1: [expect.any(String)],
        });
        if (viewport === phone) expect({ path, fits: await fitsViewportWidth(page) }).toEqual({ path, fits: true });
      }
    }
    expect(errors).toEqual([]);
  }, 240_000);

  it('on a 375 px phone, tables keep their actions in reach and the floating menu never covers a field', async () => {
    const { page, errors } = await openSignedIn(browser, server.url, ADMIN, '/admin', phone);
    await page.locator('h1').first().waitFor();
    await waitForQuiet(page);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: 'Approve' }) })
      .first();
    const approve = row.getByRole('button', { name: 'Approve' });
    await approve.waitFor();
    expect(await withinScreen(approve, phone)).toBe(true);
    expect(await withinScreen(row.getByRole('button', { name: 'Reject' }), phone)).toBe(true);
    await saveScreenshot(page, 'basics-admin-table-375');

    await navigateInApp(page, '/admin/operations', titleOf('/admin/operations'));
    const rebuildUsers = page.getByRole('button', { name: 'Rebuild users' });
    await rebuildUsers.waitFor();
    expect(await withinScreen(rebuildUsers, phone)).toBe(true);

    // The floating menu steps aside wherever it would sit on a field, and while one has the focus.
    const menu = page.getByRole('button', { name: 'Open quick menu' });
    let [shownOverFields, shown, shownAt] = [0, 0, -1];
    for (const path of ['/audit', '/wholesale-verification', '/profile']) {
      await navigateInApp(page, path, titleOf(path));
      // Scrolled 40 px at a time in the page itself. After each step the menu's check (once per frame) and React's
      // commit get three frames; a menu seen over a field is looked at again 150 ms later, on a busy machine too.
      ({ shownOverFields, shown, shownAt } = await page.evaluate(async () => {
        const frames = () =>
          new Promise((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))),
          );
        const menuState = () => {
          const button = document.querySelector('[aria-label="Open quick menu"]');
          if (!button || getComputedStyle(button).visibility === 'hidden') return 'hidden';
          const b = button.getBoundingClientRect();
          const fields = document.querySelectorAll(
            'input:not([type="hidden"]), textarea, select, .ant-select, .ant-picker, .ant-input-number',
          );
          const covers = Array.from(fields).some((field) => {
            const r = field.getBoundingClientRect();
            return r.width > 0 && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
          });
          return covers ? 'covers' : 'shown';
        };
        const counts = { shownOverFields: 0, shown: 0, shownAt: -1 };
        for (let y = 0; y < document.documentElement.scrollHeight; y += 40) {
          window.scrollTo({ top: y, behavior: 'instant' });
          await frames();
          let state = menuState();
          if (state === 'covers') {
            await new Promise((resolve) => setTimeout(resolve, 150));
            state = menuState();
          }
          if (state === 'covers') counts.shownOverFields++;
          if (state !== 'hidden') counts.shown++;
          if (state === 'shown' && counts.shownAt < 0) counts.shownAt = y;
        }
        return counts;
      }));
      expect({ path, shownOverFields }).toEqual({ path, shownOverFields: 0 });
      expect(shown).toBeGreaterThan(0);
    }
    // Where the profile page showed the menu (the top of the page may put a field under it, as a notice above the
    // form does on a phone): there it shows, until a field has the focus.
    await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), shownAt);
    await menu.waitFor();
    await page.getByLabel('First Name').focus();
    // Hidden while a field has the focus (a phone's keyboard then takes the bottom of the screen).
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('[aria-label="Open quick menu"]')!).visibility === 'hidden',
      undefined,
      { timeout: 2000 },
    );
    await saveScreenshot(page, 'basics-profile-375');
    expect(errors).toEqual([]);
  }, 180_000);

  it('a rebuild says what it replayed, into what, how long it took and when — also after a reload', async () => {
    const { page, errors } = await openSignedIn(browser, server.url, ADMIN, '/admin/operations');
    const users = page.getByRole('row', { name: /^users/ });
    await users.getByText('never').waitFor();
    // The background jobs: one process holds them all (leases: nothing to elect).
    await page
      .getByRole('row', { name: /^read-models/ })
      .getByText('this replica')
      .waitFor();
    await page.getByText(/Leases: one process \(nothing to elect\) · 1 live replica/).waitFor();

    await page.getByRole('button', { name: 'Rebuild users' }).click();
    // Running: its progress shows until the outcome is in, however fast the rebuild was.
    await page.getByLabel('Rebuild of users').or(page.getByText('Rebuild Complete')).first().waitFor();
    await waitForText(page, 'Rebuild Complete');
    const toast = await page.locator('.ant-notification-notice').last().innerText();
    expect(toast).toMatch(/users: \d+ events? replayed into \d+ documents? in \d+ ms\./);
    const cell = users.getByText(/^Rebuilt /);
    expect((await cell.innerText()).replace(/^Rebuilt /, '')).toMatch(NZ_MOMENT);
    await saveScreenshot(page, 'basics-operations-rebuilt-desktop');

    // Kept by the server: a reload still says it.
    await page.reload();
    await page
      .getByRole('row', { name: /^users/ })
      .getByText(/^Rebuilt /)
      .waitFor();
    await expect(page.getByRole('row', { name: /^users/ }).innerText()).resolves.toMatch(/replayed into \d+ document/);

    // One rate: the total row is the sum of the rows (what the chart plots), in events per second.
    await page.waitForTimeout(1500);
    const { rows, total } = await page.evaluate(() => {
      // The projections' table (the page has the jobs' table too).
      const table = Array.from(document.querySelectorAll('table')).find((t) =>
        Array.from(t.querySelectorAll('thead th')).some((th) => th.textContent === 'Events/s'),
      )!;
      const headers = Array.from(table.querySelectorAll('thead th'), (th) => th.textContent);
      const column = headers.indexOf('Events/s');
      const body = Array.from(table.querySelectorAll('tbody tr.ant-table-row'), (tr) =>
        Number(tr.children[column]!.textContent),
      );
      const sum = Number(document.querySelector('[aria-label="Total events per second"]')!.textContent);
      return { rows: body, total: sum };
    });
    expect(rows.length).toBeGreaterThan(5);
    expect(total).toBeCloseTo(
      rows.reduce((a, b) => a + b, 0),
      0,
    );
    await page.getByText('Events/s (last 10 s)').waitFor();
    await page.setViewportSize(phone);
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'basics-operations-375');
    expect(errors).toEqual([]);
  }, 120_000);

  it('the audit names people and streams (ids on hover), filters by e-mail, and works in NZ time', async () => {
    const { page, errors } = await openSignedIn(browser, server.url, ADMIN, '/audit');

    await page.getByLabel('Acting user').fill(owner.user.email.toUpperCase());
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    const drafted = page.getByRole('row', { name: /AssetDrafted/ });
    await drafted.waitFor();
    const rows = page.locator('tbody tr.ant-table-row');
    const actors = await rows.evaluateAll((trs) => trs.map((tr) => tr.lastElementChild?.textContent));
    expect(new Set(actors)).toEqual(new Set(['Test User']));
    await expect(drafted.innerText()).resolves.toContain('Asset · Harbour View #0');
    const recorded = await drafted.locator('td').nth(2).innerText();
    expect(recorded).toMatch(NZ_MOMENT);
    // The id is one hover away.
    await drafted.getByText('Test User').hover();
    await page.getByRole('tooltip').getByText(owner.user.id).waitFor();
    await saveScreenshot(page, 'basics-audit-by-email');

    // The moment picked is NZ wall time, whatever the browser's zone (Los Angeles here): 9 am on 1 March 2026
    // in Auckland (NZDT, UTC+13) is 8 pm on 28 February UTC.
    await page.getByLabel('Stream id').fill(`asset-${assetId}`);
    const moment = page.getByLabel('Moment (NZ time)');
    await moment.click();
    await moment.fill('2026-03-01 09:00:00');
    await moment.press('Enter');
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().includes(`/api/audit/streams/asset-${assetId}/state`)),
      page.getByRole('button', { name: 'Show State' }).click(),
    ]);
    expect(new URL(request.url()).searchParams.get('at')).toBe('2026-02-28T20:00:00.000Z');
    const drawer = page.getByRole('dialog').filter({ hasText: 'as it stood at' });
    await drawer.getByText('Events that built it').waitFor();
    await expect(drawer.locator('.ant-drawer-title').innerText()).resolves.toBe(
      'Asset · Harbour View as it stood at 1 March 2026, 9:00:00 am NZDT',
    );
    await saveScreenshot(page, 'basics-audit-state-nz-time');
    expect(errors).toEqual([]);
  }, 120_000);

  it('the pricing calculator names a monthly plan’s first payment, and partner titles are not cut', async () => {
    await browser.context.clearCookies();
    const { page, errors } = await openPage(browser, server.url, '/partners');
    await page.locator('h1').first().waitFor();
    await waitForQuiet(page);
    const cut = await page
      .locator('.ant-card-head-title')
      .evaluateAll((titles) => titles.filter((t) => t.scrollWidth > t.clientWidth).map((t) => t.textContent));
    expect(cut).toEqual([]);
    await page.getByText('Blockchain infrastructure', { exact: true }).waitFor();

    await navigateInApp(page, '/', 'Tokenize Real-World Assets · Kauri');
    await page.getByRole('button', { name: 'Try Calculator' }).click();
    await page.getByLabel('Asset Value (NZD)').fill('1000000');
    await page.getByRole('button', { name: 'Calculate Pricing' }).click();
    const result = page.getByLabel('Pricing result');
    await result.getByText('First Month ($199/month)').waitFor();
    await expect(result.getByText(/Setup Fee/).count()).resolves.toBe(0);
    await result.getByText('3.5% + $0.30 per transaction').waitFor();
    await page.getByLabel('Plan').click();
    await page
      .locator('.ant-select-dropdown:visible')
      .getByTitle(/^Starter/)
      .click();
    await page.getByRole('button', { name: 'Calculate Pricing' }).click();
    await result.getByText('Setup Fee (one-time)').waitFor();
    await saveScreenshot(page, 'basics-pricing');
    expect(errors).toEqual([]);
  }, 90_000);
});
