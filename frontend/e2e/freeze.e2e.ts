/**
 * Agent powers in the browser (issue 32): admin A asks to freeze part of an investor's holding with a reason, admin
 * B (not A: A sees the four-eyes note instead of Approve) approves it, and the investor's home shows how many of
 * their tokens are frozen and why.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OWN_REQUEST_REASON } from '../../backend/src/messages.js';
import { offeringFor, verifiedInvestor } from '../../backend/src/testing/offerings.js';
import { signUp } from '../../backend/src/testing/users.js';
import { openSignedIn } from './support/accounts.js';
import { choose, launchBrowser, saveScreenshot, waitForText, type TestBrowser } from './support/browser.js';
import { startKauri } from './support/kauri-server.js';

const reason = 'High Court freezing order CIV-2026-404-123';

describe('freezing a holding, four eyes', () => {
  let browser: TestBrowser;
  let server: Awaited<ReturnType<typeof startKauri>>;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startKauri()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('admin A asks with a reason, admin B approves, the investor’s home shows the frozen tokens and why', async () => {
    const adminA = await signUp(server, { admin: true, email: 'freezer.a@kauri.test', firstName: 'Aroha' });
    await signUp(server, { admin: true, email: 'freezer.b@kauri.test', firstName: 'Ben' });
    const { offeringId } = await offeringFor(server, adminA, 1000, '10.00');
    const investor = await verifiedInvestor(server, adminA);
    const bought = await investor.post('/api/invest', { offeringId, tokensRequested: 50, investmentAmount: 500 });
    expect(bought.status).toBe(201);

    const a = await openSignedIn(browser, server.url, 'freezer.a@kauri.test', '/admin');
    await a.page.getByRole('tab', { name: 'Freezes' }).click();
    await choose(a.page, 'Asset', 'Harbour View');
    await choose(a.page, 'Holder', 'Test User — 50 tokens');
    await a.page.getByLabel('Tokens', { exact: true }).fill('20');
    await a.page.getByLabel('Reason', { exact: true }).fill(reason);
    await a.page.getByRole('button', { name: 'Request' }).click();
    await waitForText(a.page, 'Another admin must approve it.');
    const own = a.page.getByRole('row', { name: /Harbour View/ });
    await own.getByText(OWN_REQUEST_REASON).waitFor();
    expect(await own.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(a.errors).toEqual([]);

    const b = await openSignedIn(browser, server.url, 'freezer.b@kauri.test', '/admin');
    await b.page.getByRole('tab', { name: 'Freezes' }).click();
    const row = b.page.getByRole('row', { name: /Harbour View/ });
    await row.getByText('Freeze 20 tokens').waitFor();
    await row.getByText(reason).waitFor();
    await row.getByRole('button', { name: 'Approve' }).click();
    await b.page.locator('.ant-popconfirm').getByRole('button', { name: 'Approve' }).click();
    await waitForText(b.page, 'The register and the chain follow.');
    await b.page.getByText('No freezes awaiting a decision').waitFor();
    expect(b.errors).toEqual([]);

    const home = await openSignedIn(browser, server.url, investor.user.email, '/');
    const holding = home.page
      .locator('.ant-card', { has: home.page.getByText('My Holdings', { exact: true }) })
      .getByRole('row', { name: /Harbour View/ });
    await holding.getByText(`20 frozen: ${reason}`).waitFor();
    await saveScreenshot(home.page, 'freeze-holding-desktop', holding);
    expect(home.errors).toEqual([]);
  });
});
