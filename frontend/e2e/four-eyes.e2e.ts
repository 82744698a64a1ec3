/**
 * Four eyes in the browser: an admin who owns an asset sees, in the review queue, that another admin must decide
 * their own request — no Approve or Send Back to click into a 403 — and another admin approves it there.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OWN_REQUEST_REASON } from '../../backend/src/messages.js';
import { submittedAsset } from '../../backend/src/testing/offerings.js';
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
});
