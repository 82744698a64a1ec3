/**
 * A transfer the chain refuses is never silent, in the browser (issue 27): the investor's holding says it failed and
 * why; the operations page's Chain card lists it as held up with a Retry; the admin retries (the investor's wallet is
 * registered again first) and the holding comes to "On chain: 5 of 5". The cause is made on the real embedded chain:
 * the investor's wallet is taken out of the identity registry behind the platform's back.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Address } from 'viem';
import { ChainOutbox } from '../../backend/src/domains/tokens/chain-outbox.js';
import { platformOf } from '../../backend/src/domains/tokens/flow.js';
import type { ViemChain } from '../../backend/src/platform/chain/viem-chain.js';
import type { Api } from '../../backend/src/testing/api.js';
import { offeringFor, verifiedInvestor } from '../../backend/src/testing/offerings.js';
import { signUp } from '../../backend/src/testing/users.js';
import { openSignedIn } from './support/accounts.js';
import { launchBrowser, saveScreenshot, type TestBrowser } from './support/browser.js';
import { startKauri } from './support/kauri-server.js';

const ADMIN_EMAIL = 'chain.problems.admin@kauri.test';

describe('a refused transfer, in the browser', () => {
  let browser: TestBrowser;
  let server: Awaited<ReturnType<typeof startKauri>>;
  let admin: Api;

  beforeAll(async () => {
    [browser, server] = await Promise.all([
      launchBrowser(),
      startKauri({ CHAIN: 'anvil', ADMIN_EMAILS: ADMIN_EMAIL, AUTH_RATE_LIMIT_PER_IP: '1000' }),
    ]);
    admin = await signUp(server, { email: ADMIN_EMAIL, admin: true });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the holding says why, operations list it, and the admin’s retry makes it', async () => {
    const outbox = server.app.get(ChainOutbox);
    const { offeringId } = await offeringFor(server, admin, 1000, '10.00');
    const investor = await verifiedInvestor(server, admin);
    expect(await outbox.settled()).toBe(true);
    const chain = server.chain as ViemChain;
    const wallet = (await investor.get('/api/wallet')).body.address as Address;
    await chain.send({ op: 'delete-identity', registry: platformOf(outbox.state)!.identityRegistry, wallet });
    const invested = await investor.post('/api/invest', { offeringId, tokensRequested: 5, investmentAmount: 50 });
    expect(invested.status).toBe(201);
    expect(await outbox.settled()).toBe(true);

    const investorTab = await openSignedIn(browser, server.url, investor.user.email, '/');
    const page = investorTab.page;
    const row = page
      .locator('.ant-card', { has: page.getByText('My Holdings', { exact: true }) })
      .getByRole('row', { name: /Harbour View/ });
    await row.getByText('Transfer failed on chain').waitFor();
    await row.getByText(/^The chain refused the transfer: .+/).waitFor();
    await saveScreenshot(page, 'chain-transfer-refused-holding-desktop', row);

    const adminTab = await openSignedIn(browser, server.url, ADMIN_EMAIL, '/admin/operations');
    const adminPage = adminTab.page;
    const chainCard = adminPage.locator('.ant-card', { has: adminPage.getByText('Chain', { exact: true }) });
    const held = chainCard.locator('.ant-list', { has: adminPage.getByText('Held-up transactions') });
    const transfer = held.locator('.ant-list-item', { has: adminPage.getByText('Transfer to an investor') });
    await transfer.getByText('failed', { exact: true }).waitFor();
    await held
      .locator('.ant-list-item', { has: adminPage.getByText('Lock-up of a holding') })
      .getByText('waiting for the transfer')
      .waitFor();
    await chainCard.getByText('held up', { exact: true }).waitFor();
    await saveScreenshot(adminPage, 'chain-operations-held-up-desktop', chainCard);
    await transfer.getByRole('button', { name: 'Retry' }).click();
    await adminPage.getByText('The wallet is registered again first, then the transaction is sent.').waitFor();
    await chainCard.getByText('in agreement').waitFor({ timeout: 30_000 });
    expect(await held.count()).toBe(0);

    // The investor's session again (one browser context), and the holding on chain.
    const back = await openSignedIn(browser, server.url, investor.user.email, '/');
    await back.page
      .locator('.ant-card', { has: back.page.getByText('My Holdings', { exact: true }) })
      .getByRole('row', { name: /Harbour View/ })
      .getByText('On chain: 5 of 5')
      .waitFor({ timeout: 30_000 });
    expect([...investorTab.errors, ...adminTab.errors, ...back.errors]).toEqual([]);
  }, 180_000);
});
