/**
 * Wallet recovery in the browser (issue 32): admin A opens the recovery of an investor's platform-held wallet with
 * how their identity was re-verified (A sees the four-eyes note, not Approve), admin B approves, the chain moves the
 * tokens, and the investor's home shows the new address with the same tokens. Then an own wallet: the investor
 * proves their new address on their Wallet card (the message signed elsewhere and pasted, as without a browser
 * wallet), B approves, and the card says it is done.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Address } from 'viem';
import { ChainOutbox } from '../../backend/src/domains/tokens/chain-outbox.js';
import { OWN_REQUEST_REASON } from '../../backend/src/messages.js';
import { offeringFor, verifiedInvestor } from '../../backend/src/testing/offerings.js';
import { signUp } from '../../backend/src/testing/users.js';
import { newWallet, registerOwnWallet } from '../../backend/src/testing/wallets.js';
import { openSignedIn } from './support/accounts.js';
import { choose, launchBrowser, saveScreenshot, waitForText, type TestBrowser } from './support/browser.js';
import { startKauri } from './support/kauri-server.js';

const reason = 'Passport checked on a live video call by the compliance team';

describe('recovering a lost wallet, four eyes', () => {
  let browser: TestBrowser;
  let server: Awaited<ReturnType<typeof startKauri>>;

  beforeAll(async () => {
    [browser, server] = await Promise.all([
      launchBrowser(),
      startKauri({ CHAIN: 'anvil', AUTH_RATE_LIMIT_PER_IP: '1000' }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const settled = async () => expect(await server.app.get(ChainOutbox).settled()).toBe(true);

  it('admin A opens it, admin B approves, the investor’s home shows the new address and the same tokens', async () => {
    const adminA = await signUp(server, { admin: true, email: 'recovery.a@kauri.test', firstName: 'Aroha' });
    const adminB = await signUp(server, { admin: true, email: 'recovery.b@kauri.test', firstName: 'Ben' });
    const { offeringId } = await offeringFor(server, adminA, 1000, '10.00');
    const investor = await verifiedInvestor(server, adminA);
    const bought = await investor.post('/api/invest', { offeringId, tokensRequested: 50, investmentAmount: 500 });
    expect(bought.status).toBe(201);
    await settled();
    const lost = (await investor.get('/api/wallet')).body.address as Address;

    const a = await openSignedIn(browser, server.url, 'recovery.a@kauri.test', '/admin/wallet-recoveries');
    await choose(a.page, 'Asset they hold', 'Harbour View');
    await choose(a.page, 'Investor', 'Test User — 50 tokens');
    await a.page.getByLabel('How the identity was re-verified', { exact: true }).fill(reason);
    await a.page.getByRole('button', { name: 'Open Recovery' }).click();
    await waitForText(a.page, 'The investor proves their new address (own wallets); another admin approves.');
    const own = a.page.getByRole('row', { name: /Test User/ });
    await own.getByText(OWN_REQUEST_REASON).waitFor();
    await own.getByText('Waiting for approval').waitFor();
    expect(await own.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await saveScreenshot(a.page, 'recovery-admin-requested');
    expect(a.errors).toEqual([]);

    const b = await openSignedIn(browser, server.url, 'recovery.b@kauri.test', '/admin');
    await b.page.getByRole('link', { name: 'Wallet recoveries' }).click();
    const row = b.page.getByRole('row', { name: /Test User/ });
    await row.getByText(reason).waitFor();
    await row.getByRole('button', { name: 'Approve' }).click();
    await b.page.locator('.ant-popconfirm').getByRole('button', { name: 'Approve' }).click();
    await waitForText(b.page, 'The tokens move to the new wallet on the chain.');
    await settled();
    // The list polls while the chain moves: each step confirmed, the recovery done.
    await row.getByText('Done', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await row.getByText('failed', { exact: true }).count()).toBe(0);
    await saveScreenshot(b.page, 'recovery-admin-done');
    expect(b.errors).toEqual([]);

    const [recovery] = (await adminB.get('/api/admin/wallet-recoveries')).body.recoveries;
    expect(recovery).toMatchObject({
      stage: 'done',
      lostAddress: lost,
      approvedBy: { name: expect.stringMatching(/Ben/) },
    });
    const fresh = recovery.newAddress as Address;
    expect(fresh).not.toBe(lost);
    const home = await openSignedIn(browser, server.url, investor.user.email, '/');
    await home.page.locator(`[data-value="${fresh}"]`).first().waitFor();
    expect(await home.page.locator(`[data-value="${lost}"]`).count()).toBe(0);
    const holding = home.page
      .locator('.ant-card', { has: home.page.getByText('My Holdings', { exact: true }) })
      .getByRole('row', { name: /Harbour View/ });
    await holding.getByText('50', { exact: true }).first().waitFor();
    await saveScreenshot(home.page, 'recovery-investor-home');
    expect(home.errors).toEqual([]);
  }, 300_000);

  it('an own wallet: the investor proves the new address on their Wallet card, B approves, it is done', async () => {
    const adminA = await signUp(server, { admin: true, email: 'recovery.c@kauri.test', firstName: 'Carys' });
    const adminB = await signUp(server, { admin: true, email: 'recovery.d@kauri.test', firstName: 'Dan' });
    const { offeringId } = await offeringFor(server, adminA, 1000, '10.00');
    const investor = await verifiedInvestor(server, adminA);
    expect((await registerOwnWallet(investor, newWallet())).status).toBe(201);
    await settled();
    const bought = await investor.post('/api/invest', { offeringId, tokensRequested: 40, investmentAmount: 400 });
    expect(bought.status).toBe(201);
    await settled();
    const opened = await adminA.post('/api/admin/wallet-recoveries', { personId: investor.user.id, reason });
    expect(opened.status).toBe(201);

    // The home says it waits for them and leads to their Wallet card.
    const profile = await openSignedIn(browser, server.url, investor.user.email, '/');
    const { page } = profile;
    await page.getByText('A recovery of your wallet is waiting for your proof of the new address').waitFor();
    await page.getByRole('link', { name: 'Your Wallet' }).click();
    await page.getByText('A recovery of your wallet is waiting for your proof').waitFor();
    const fresh = newWallet();
    await page.getByLabel('Your new address', { exact: true }).fill(fresh.address);
    await page.getByRole('button', { name: 'Get Message to Sign' }).first().click();
    const message = await page.getByLabel('Message to sign').first().inputValue();
    // The investor signs what happens: tokens moving to this address, not a wallet registration.
    expect(message).toContain('Move my Kauri tokens to this address, my new wallet, in a wallet recovery.');
    await page.getByLabel('Signature', { exact: true }).fill(await fresh.signMessage({ message }));
    await saveScreenshot(page, 'recovery-investor-proof');
    await page.getByRole('button', { name: 'Prove Address' }).click();
    await page.getByText('A recovery of your wallet is waiting for approval').waitFor();
    await saveScreenshot(page, 'recovery-investor-awaiting-approval');

    const approved = await adminB.post(`/api/admin/wallet-recoveries/${opened.body.id}/approve`, {});
    expect(approved).toMatchObject({ status: 201, body: { newAddress: fresh.address } });
    await settled();
    // The card polls while it waits and moves.
    await page.getByText('Your wallet recovery is done').waitFor({ timeout: 20_000 });
    await page.locator(`[data-value="${fresh.address}"]`).first().waitFor();
    await saveScreenshot(page, 'recovery-investor-done');
    expect(profile.errors).toEqual([]);
  }, 300_000);
});
