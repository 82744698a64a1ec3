/**
 * Four eyes in the browser: an admin who owns an asset sees, in the review queue, that another admin must decide
 * their own request — no Approve or Send Back to click into a 403 — and another admin approves it there.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OWN_REQUEST_REASON } from '../../backend/src/messages.js';
import { certifying, submittedAsset } from '../../backend/src/testing/offerings.js';
import { signUp } from '../../backend/src/testing/users.js';
import { openSignedIn } from './support/accounts.js';
import { launchBrowser, waitForText, type TestBrowser } from './support/browser.js';
import { startKauri } from './support/kauri-server.js';

describe('four eyes in the admin queues', () => {
  let browser: TestBrowser;
  let server: Awaited<ReturnType<typeof startKauri>>;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startKauri()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('an admin’s own asset shows the reason instead of the decision; another admin approves it', async () => {
    const owner = await signUp(server, { admin: true, email: 'owner.admin@kauri.test', firstName: 'Owen' });
    await signUp(server, { admin: true, email: 'other.admin@kauri.test', firstName: 'Ana' });
    await submittedAsset(server, { tokens: 1_000, name: 'Own Lodge', owner });

    const own = await openSignedIn(browser, server.url, 'owner.admin@kauri.test', '/admin');
    await own.page.getByRole('tab', { name: 'Tokenization Reviews' }).click();
    const mine = own.page.getByRole('row', { name: /Own Lodge/ });
    await mine.getByText(OWN_REQUEST_REASON).waitFor();
    expect(await mine.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await mine.getByRole('button', { name: 'Send Back' }).count()).toBe(0);
    expect(own.errors).toEqual([]);

    const other = await openSignedIn(browser, server.url, 'other.admin@kauri.test', '/admin');
    await other.page.getByRole('tab', { name: 'Tokenization Reviews' }).click();
    await other.page
      .getByRole('row', { name: /Own Lodge/ })
      .getByRole('button', { name: 'Approve' })
      .click();
    await other.page
      .getByRole('dialog', { name: 'Approve the tokenization of Own Lodge?' })
      .getByRole('button', { name: 'Approve Tokenization' })
      .click();
    await waitForText(other.page, 'The asset is now active.');
    expect(other.errors).toEqual([]);
  });

  it('the same for their own verification, supply change and an offering of their own asset', async () => {
    const owner = await signUp(server, { admin: true, email: 'owner2.admin@kauri.test', firstName: 'Wiremu' });
    const other = await signUp(server, { admin: true, email: 'other2.admin@kauri.test', firstName: 'Mere' });
    await certifying(server, owner);
    const { assetId } = await submittedAsset(server, { tokens: 1_000, name: 'Own Station', owner });
    expect((await other.post(`/api/admin/assets/${assetId}/approve`)).status).toBe(200);
    const asked = await owner.post(`/api/assets/${assetId}/supply-changes`, { delta: 500, reason: 'Second wing' });
    expect(asked.status).toBe(201);

    const { page, errors } = await openSignedIn(browser, server.url, 'owner2.admin@kauri.test', '/admin');
    await page.getByRole('tab', { name: 'Wholesale Verifications' }).click();
    const verification = page.getByRole('row', { name: /owner2\.admin@kauri\.test/ });
    await verification.getByText(OWN_REQUEST_REASON).waitFor();
    expect(await verification.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    await page.getByRole('tab', { name: 'Supply Changes' }).click();
    const change = page.getByRole('row', { name: /Own Station/ });
    await change.getByText(OWN_REQUEST_REASON).waitFor();
    expect(await change.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    // Their own approved asset is listed for an offering but cannot be chosen.
    await page.getByRole('tab', { name: 'Token Offerings' }).click();
    await page.getByLabel('Approved Asset', { exact: true }).click();
    const option = page.locator('.ant-select-dropdown:visible').getByTitle(`Own Station — ${OWN_REQUEST_REASON}`);
    await option.waitFor();
    expect(await option.getAttribute('class')).toContain('ant-select-item-option-disabled');
    expect(errors).toEqual([]);
  });
});
