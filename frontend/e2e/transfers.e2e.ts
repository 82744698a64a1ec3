/**
 * Transfers between investors in the browser (issue 32): the seller proposes from their holding, the buyer accepts
 * on their home, the asset's owner approves on the asset page, and both homes show the transfer settled on chain
 * (delivery versus payment through T-REX's DVDTransferManager on the embedded chain); then an admin retries a failed
 * settlement on the asset's screen, and abandons one whose cause never goes away (with a reason both parties see).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Address } from 'viem';
import { ChainOutbox } from '../../backend/src/domains/tokens/chain-outbox.js';
import { suiteOf } from '../../backend/src/domains/tokens/flow.js';
import { assetWithHolder } from '../../backend/src/testing/income.js';
import { verifiedInvestor } from '../../backend/src/testing/offerings.js';
import { signUp } from '../../backend/src/testing/users.js';
import { openSignedIn } from './support/accounts.js';
import { launchBrowser, saveScreenshot, waitForText, type TestBrowser } from './support/browser.js';
import { startKauri } from './support/kauri-server.js';

describe('transfers: propose, accept, approve, settled on both homes', () => {
  let browser: TestBrowser;
  let server: Awaited<ReturnType<typeof startKauri>>;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startKauri({ CHAIN: 'anvil' })]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the seller proposes, the buyer accepts, the owner approves; both homes show it settled', async () => {
    const admin = await signUp(server, { admin: true });
    const {
      owner,
      assetId,
      investor: seller,
      investmentId,
    } = await assetWithHolder(server, admin, {
      name: 'Harbour Flats',
    });
    const buyer = await verifiedInvestor(server, admin);
    // Both wallets and the purchase on chain first (batches may hold them up to CHAIN_BATCH_WAIT_MS): a transfer
    // is checked against the chain.
    expect(await server.app.get(ChainOutbox).settled()).toBe(true);

    // The seller, from their holding: first a refused transfer (to themselves) shows why, then the real one.
    const sell = await openSignedIn(browser, server.url, seller.user.email, `/investments/${investmentId}`);
    await sell.page.getByLabel('Buyer’s investor ID').fill(seller.user.id);
    await sell.page.getByLabel('Tokens').fill('30');
    await sell.page.getByLabel('Price per token (NZD)').fill('12.50');
    await sell.page.getByRole('button', { name: 'Propose transfer' }).click();
    await waitForText(sell.page, 'You cannot transfer tokens to yourself');
    await sell.page.getByLabel('Buyer’s investor ID').fill(buyer.user.id);
    await sell.page.getByRole('button', { name: 'Propose transfer' }).click();
    await waitForText(sell.page, 'Transfer proposed');
    // The holding says at once what the proposal promised (the register's earmark): not free to promise again.
    await waitForText(sell.page, '30 promised to a transfer');
    await saveScreenshot(sell.page, 'transfers-seller-promised');

    // The buyer accepts on their home.
    const buy = await openSignedIn(browser, server.url, buyer.user.email, '/dashboard');
    const offer = buy.page.getByTestId('transfers').getByText(/You buy 30 tokens of Harbour Flats at \$12\.50 each/);
    await offer.waitFor();
    await buy.page.getByTestId('transfers').getByRole('button', { name: 'Accept' }).click();
    await buy.page.getByTestId('transfers').getByText('Waiting for the owner’s approval').waitFor();

    // The owner approves on the asset page.
    const own = await openSignedIn(browser, server.url, owner.user.email, `/assets/${assetId}`);
    await own.page.getByTestId('transfers').getByRole('button', { name: 'Approve' }).click();
    await own.page
      .getByTestId('transfers')
      .getByText(/Settling on chain|Settled/)
      .waitFor();
    // Then hands the approval of later transfers to Kauri's admins (only an admin hands it back).
    await own.page.getByText('Kauri’s admins only', { exact: true }).click();
    await own.page.getByText('Only Kauri’s admins can give the approval back to you.').waitFor();
    expect(await own.page.getByRole('radio', { name: /You, the owner/ }).isDisabled()).toBe(true);
    await saveScreenshot(own.page, 'transfers-approval-setting');

    // Both homes show it settled (one browser context: each person is signed in again to see their home).
    for (const [person, line] of [
      [buyer, /You buy 30 tokens of Harbour Flats/],
      [seller, /You sell 30 tokens of Harbour Flats/],
    ] as const) {
      const home = await openSignedIn(browser, server.url, person.user.email, '/dashboard');
      const card = home.page.getByTestId('transfers');
      await card.getByText('Settled').waitFor({ timeout: 120_000 });
      await card.getByText(line).waitFor();
      await saveScreenshot(home.page, `transfers-settled-${person === buyer ? 'buyer' : 'seller'}`);
    }
    const settled = (await buyer.get('/api/transfers')).body.transfers[0];
    expect(settled).toMatchObject({ status: 'settled', tokens: 30 });
    const sellerHome = await openSignedIn(browser, server.url, seller.user.email, '/dashboard');
    await sellerHome.page.getByTestId('transfers').getByText(settled.txHash).waitFor();
    // The holdings agree with the register: the seller's shows the 30 gone, the buyer's the tokens received.
    await sellerHome.page.getByText('30 transferred out').waitFor();
    // Settled, the transfer's claim is consumed: the row no longer says the tokens are promised or settling.
    expect(await sellerHome.page.getByText(/promised to|settling in/).count()).toBe(0);
    // A figure of the page (a card's statistic) by its title.
    const figure = (title: string) =>
      sellerHome.page.locator('.ant-statistic').filter({ has: sellerHome.page.getByText(title, { exact: true }) });
    // The seller's home counts what they still hold: 70 of the 100 tokens bought at NZD 10 (not the NZD 1,000 paid).
    await figure('Invested').getByText('$700', { exact: true }).waitFor();
    // The holding's row says the same: the price paid for the 70 held stands against their current value.
    const sellerRow = sellerHome.page.getByRole('row').filter({ hasText: '30 transferred out' });
    await sellerRow
      .getByRole('cell')
      .filter({ hasText: /^\$700\$10 per token$/ })
      .waitFor();
    // So does the investment's page: price paid, and the change, for the tokens held; the purchase in its details.
    await sellerRow.getByRole('link', { name: 'Harbour Flats' }).click();
    await sellerHome.page.getByText('70 of 100 bought for $1,000; 30 transferred out').waitFor();
    await figure('Price Paid').getByText('$700', { exact: true }).waitFor();
    const worth = await figure('Current Value').locator('.ant-statistic-content').innerText();
    const value = Number(worth.replace(/[$,]/g, ''));
    await figure('Change')
      .getByText(`+$${(value - 700).toLocaleString('en-NZ')}`, { exact: true })
      .waitFor();
    await saveScreenshot(sellerHome.page, 'transfers-seller-investment');
    const buyerHome = await openSignedIn(browser, server.url, buyer.user.email, '/dashboard');
    await buyerHome.page.getByText('Received in a transfer').waitFor();
    await saveScreenshot(buyerHome.page, 'transfers-buyer-holding');

    // A settlement the chain refused (the seller's wallet frozen on chain behind the register's back): the admin sees
    // it failed with the reason on the asset's screen and, once the cause is gone, retries it there.
    const outbox = server.app.get(ChainOutbox);
    const second = await seller.post('/api/transfers', {
      assetId,
      toInvestorId: buyer.user.id,
      tokens: 5,
      pricePerToken: '11.00',
    });
    expect((await buyer.post(`/api/transfers/${second.body.id}/accept`)).status).toBe(200);
    // Approval is now Kauri's admins' (the setting above): the owner sees whose turn it is and no Approve button.
    const ownerAgain = await openSignedIn(browser, server.url, owner.user.email, `/assets/${assetId}`);
    const awaiting = ownerAgain.page.getByTestId(`transfer-${second.body.id}`);
    await awaiting.getByText('Waiting for Kauri’s approval').waitFor();
    expect(await awaiting.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await outbox.stopSending();
    expect((await admin.post(`/api/transfers/${second.body.id}/approve`)).status).toBe(200);
    const token = suiteOf(outbox.state, assetId)!.token;
    const sellerWallet = outbox.state.wallets.get(seller.user.id)! as Address;
    await server.chain!.send({ op: 'set-frozen', token, wallet: sellerWallet, frozen: true });
    outbox.startSending();
    expect(await outbox.settled()).toBe(true);
    const screen = await openSignedIn(browser, server.url, admin.user.email, `/assets/${assetId}`);
    const row = screen.page.getByTestId(`transfer-${second.body.id}`);
    await row.getByText('Failed').waitFor({ timeout: 60_000 });
    await row.getByText(/The settlement was refused on chain/).waitFor();
    await server.chain!.send({ op: 'set-frozen', token, wallet: sellerWallet, frozen: false });
    await row.getByRole('button', { name: 'Retry settlement' }).click();
    await row.getByText('Settled').waitFor({ timeout: 120_000 });
    await saveScreenshot(screen.page, 'transfers-admin-retried');

    // One whose cause never goes away (the seller's wallet frozen on chain for good): the admin abandons it there,
    // with a reason, and the parties see it abandoned with why.
    const third = await seller.post('/api/transfers', {
      assetId,
      toInvestorId: buyer.user.id,
      tokens: 3,
      pricePerToken: '11.00',
    });
    expect((await buyer.post(`/api/transfers/${third.body.id}/accept`)).status).toBe(200);
    await outbox.stopSending();
    expect((await admin.post(`/api/transfers/${third.body.id}/approve`)).status).toBe(200);
    await server.chain!.send({ op: 'set-frozen', token, wallet: sellerWallet, frozen: true });
    outbox.startSending();
    expect(await outbox.settled()).toBe(true);
    await screen.page.reload();
    const given = screen.page.getByTestId(`transfer-${third.body.id}`);
    await given.getByText('Failed').waitFor({ timeout: 60_000 });
    // A retry is refused while the cause stays (its alert above the list), and that alert goes with the abandonment.
    await given.getByRole('button', { name: 'Retry settlement' }).click();
    const refused = screen.page.locator('.ant-alert-error');
    await refused.waitFor();
    await given.getByRole('button', { name: 'Abandon' }).click();
    const dialog = screen.page.getByRole('dialog', { name: 'Abandon this transfer?' });
    const confirm = dialog.getByRole('button', { name: 'Abandon transfer' });
    // No reason, no abandoning.
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Reason').fill('The issuer froze the seller’s wallet for good');
    await confirm.click();
    await given.getByText('Abandoned', { exact: true }).waitFor();
    await given.getByText('Abandoned by Kauri: The issuer froze the seller’s wallet for good').waitFor();
    expect(await given.getByRole('button', { name: 'Retry settlement' }).count()).toBe(0);
    expect(await refused.count()).toBe(0);
    await saveScreenshot(screen.page, 'transfers-admin-abandoned');
    const sellerNow = await openSignedIn(browser, server.url, seller.user.email, '/dashboard');
    const sold = sellerNow.page.getByTestId(`transfer-${third.body.id}`);
    await sold.getByText('Abandoned', { exact: true }).waitFor();
    await sold.getByText('Abandoned by Kauri: The issuer froze the seller’s wallet for good').waitFor();
  }, 300_000);
});
