/**
 * Tokens on the embedded chain in the browser (issue 16): the owner's asset page says it is not on a chain yet; the
 * admin approves the tokenization in the dialog; the asset page shows the deployment under way (the node is made
 * slow: it mines nothing until told), then the token deployed with its contracts, supply and holders; a verified
 * investor invests in an offering and their holding shows its on-chain balance equal to the tokens, with the
 * transfer's transaction; the operations page's Chain card finds the chain and the register in agreement; a wallet
 * of one's own is registered by signing the server's message — with a wallet in the browser (EIP-1193, signing with
 * a generated key through the test) or, without one, by pasting a signature made elsewhere. At 1280 and 375 px,
 * with an explorer configured so every address and transaction links to it.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { ChainOutbox } from '../../backend/src/domains/tokens/chain-outbox.js';
import type { ViemChain } from '../../backend/src/platform/chain/viem-chain.js';
import type { Api } from '../../backend/src/testing/api.js';
import { submittedAsset, verifiedInvestor } from '../../backend/src/testing/offerings.js';
import { signUp } from '../../backend/src/testing/users.js';
import { openSignedIn } from './support/accounts.js';
import {
  desktop,
  fitsViewportWidth,
  launchBrowser,
  phone,
  waitForText,
  type TestBrowser,
  saveScreenshot,
} from './support/browser.js';
import { startKauri } from './support/kauri-server.js';

const ADMIN_EMAIL = 'chain.admin@kauri.test';
const EXPLORER = 'https://explorer.kauri.test';

/** An address or hash as the screens shorten it ("0x1234…abcd"; the whole one is on hover). */
const shortHex = (value: string) => `${value.slice(0, 6)}…${value.slice(-4)}`;

interface Token {
  status: string;
  tokenAddress: string;
  identityRegistryAddress: string;
  complianceAddress: string;
  transactions: { status: string; txHash: string }[];
}

interface Investments {
  investments: { id: string; tokens: number; onChainBalance: number; chainTxHash: string; walletAddress: string }[];
}

/** What the signed-in browser's own session reads from the API. */
const read = <T>(page: Page, path: string) =>
  page.evaluate((p) => fetch(p, { credentials: 'include' }).then((r) => r.json()), path) as Promise<T>;

describe('tokens on the chain, in the browser', () => {
  let ownerBrowser: TestBrowser;
  let adminBrowser: TestBrowser;
  let investorBrowser: TestBrowser;
  let server: Awaited<ReturnType<typeof startKauri>>;
  let admin: Api;
  let owner: Api & { user: { email: string } };
  let investor: Api & { user: { email: string } };
  let assetId: string;

  beforeAll(async () => {
    [ownerBrowser, adminBrowser, investorBrowser, server] = await Promise.all([
      launchBrowser(),
      launchBrowser(),
      launchBrowser(),
      startKauri({
        CHAIN: 'anvil',
        CHAIN_EXPLORER_URL: EXPLORER,
        ADMIN_EMAILS: ADMIN_EMAIL,
        AUTH_RATE_LIMIT_PER_IP: '1000',
      }),
    ]);
    admin = await signUp(server, { email: ADMIN_EMAIL, admin: true });
    ({ owner, assetId } = await submittedAsset(server, { tokens: 1_000, value: 100_000, price: 100 }));
    // Verified before the token exists: their identity goes into the registry as the platform sets up.
    investor = await verifiedInvestor(server, admin);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([ownerBrowser?.close(), adminBrowser?.close(), investorBrowser?.close()]);
    // A failed run may have left the node not mining.
    await (server?.chain as ViemChain | null)?.automine(true).catch(() => undefined);
    await server?.close();
  });

  it('owner → approval → deployment → an investor’s holding on chain equals their tokens', async () => {
    const chain = server.chain as ViemChain;
    const ownerTab = await openSignedIn(ownerBrowser, server.url, owner.user.email, `/assets/${assetId}`);
    const ownerPage = ownerTab.page;
    const onChain = ownerPage.locator('.ant-card', { has: ownerPage.getByText('On Chain', { exact: true }) });
    await onChain
      .getByText('Not on a chain yet: the token is deployed once an admin approves the tokenization.')
      .waitFor();

    // A slow chain: the node keeps every transaction in its pool until it is told to mine.
    expect(await server.app.get(ChainOutbox).settled()).toBe(true);
    await chain.automine(false);
    const adminTab = await openSignedIn(adminBrowser, server.url, ADMIN_EMAIL, '/admin');
    const adminPage = adminTab.page;
    await adminPage.getByRole('tab', { name: 'Tokenization Reviews' }).click();
    await adminPage
      .getByRole('row', { name: /Harbour View/ })
      .getByRole('button', { name: 'Approve' })
      .click();
    await adminPage
      .getByRole('dialog', { name: 'Approve the tokenization of Harbour View?' })
      .getByRole('button', { name: 'Approve Tokenization' })
      .click();
    await waitForText(adminPage, 'The asset is now active.');

    // The owner's page: deploying, with its progress, and no addresses yet.
    await ownerPage.reload();
    await onChain.getByText('Deploying', { exact: true }).first().waitFor();
    const progress = onChain.getByRole('status', { name: 'Deployment progress' });
    await progress.getByText('Deploying the token on chain: 0 of 3 transactions confirmed.').waitFor();
    expect(await onChain.getByText('once deployed').count()).toBe(3);
    await saveScreenshot(ownerPage, 'chain-asset-deploying-desktop', onChain);

    // The node mines again: the page moves on by itself to the deployed token.
    const deployStarted = Date.now();
    await chain.automine(true);
    await onChain.getByText('Deployed', { exact: true }).first().waitFor({ timeout: 30_000 });
    const deploySeconds = (Date.now() - deployStarted) / 1000;
    const token = await read<Token>(ownerPage, `/api/assets/${assetId}/token`);
    expect(token).toMatchObject({ status: 'deployed', chainId: 31337, totalSupply: 1_000, decimals: 0 });
    for (const address of [token.tokenAddress, token.identityRegistryAddress, token.complianceAddress]) {
      await onChain.getByText(shortHex(address), { exact: true }).first().waitFor();
      expect(await onChain.locator(`a[href="${EXPLORER}/address/${address}"]`).count()).toBeGreaterThan(0);
    }
    await onChain.getByText('Local development chain (chain id 31337)').waitFor();
    await onChain.getByText('1,000 tokens, 0 decimals').waitFor();
    const ownerRow = onChain.getByRole('row', { name: /Owner/ });
    expect((await ownerRow.innerText()).replace(/\s+/g, ' ')).toContain('1,000 100.00%');
    for (const tx of token.transactions) {
      expect(tx.status).toBe('confirmed');
      expect(await onChain.locator(`a[href="${EXPLORER}/tx/${tx.txHash}"]`).count()).toBe(1);
    }
    // The whole address is on hover.
    await onChain.getByText(shortHex(token.tokenAddress), { exact: true }).first().hover();
    await ownerPage.locator('.ant-tooltip', { hasText: token.tokenAddress }).waitFor();
    await saveScreenshot(ownerPage, 'chain-asset-deployed-desktop', onChain);
    // The wizard's last step (Deploy) shows the same.
    await ownerPage.goto(`${server.url}/tokenize?asset=${assetId}`);
    await onChain.getByText('Deployed', { exact: true }).first().waitFor();
    await onChain.getByText(shortHex(token.tokenAddress), { exact: true }).first().waitFor();

    // An offering of it (the admin's form is the register test's), and the investor buys 80 tokens.
    const offering = await admin.post('/api/admin/offerings', {
      assetId,
      name: 'Harbour View Series A',
      totalTokens: 500,
      tokenPrice: '100.00',
      minimumInvestment: '1000',
      lockupPeriod: 365,
    });
    expect(offering.status).toBe(201);
    const investorTab = await openSignedIn(investorBrowser, server.url, investor.user.email, '/token-offerings');
    const page = investorTab.page;
    await page.getByLabel('Harbour View Series A').getByRole('button', { name: 'Invest Now' }).click();
    await page.getByLabel('Number of Tokens').fill('80');
    // The chain is slow again: the register confirms the purchase at once, the transfer waits for a block.
    expect(await server.app.get(ChainOutbox).settled()).toBe(true);
    await chain.automine(false);
    await page.getByRole('button', { name: 'Confirm Investment' }).click();
    await waitForText(page, 'Your token investment has been submitted for processing.');

    // The investor's home says so plainly, then (polling) shows the holding on chain equal to the tokens.
    await page.goto(`${server.url}/`);
    const holdings = page.locator('.ant-card', { has: page.getByText('My Holdings', { exact: true }) });
    const row = holdings.getByRole('row', { name: /Harbour View/ });
    await row.getByText('Transfer pending on chain').waitFor();
    await row.getByText('On chain: 0 of 80').waitFor();
    await saveScreenshot(page, 'chain-investor-home-pending-desktop', holdings);
    await chain.automine(true);
    await row.getByText('On chain: 80 of 80').waitFor({ timeout: 20_000 });
    // The balance comes from the token's Transfer logs, the link once the outbox has recorded the receipt: on a busy
    // machine one can show a moment before the other, as a person would see it.
    await row.locator(`a[href^="${EXPLORER}/tx/"]`).waitFor({ timeout: 20_000 });
    const home = await read<Investments>(page, '/api/investments');
    const [holding] = home.investments;
    expect(holding).toMatchObject({ tokens: 80, onChainBalance: 80 });
    expect(await row.locator(`a[href="${EXPLORER}/tx/${holding!.chainTxHash}"]`).count()).toBe(1);
    await holdings.getByText(shortHex(holding!.walletAddress), { exact: true }).waitFor();
    await saveScreenshot(page, 'chain-investor-home-desktop', holdings);

    // The investment's page says the same.
    await row.getByRole('link', { name: 'Harbour View' }).click();
    await page.getByRole('heading', { level: 1, name: '80 tokens of Harbour View' }).waitFor();
    const detail = page.locator('.ant-card', { has: page.getByText('On Chain', { exact: true }) });
    await detail.getByText('On chain: 80 of 80').waitFor();
    expect(await detail.locator(`a[href="${EXPLORER}/tx/${holding!.chainTxHash}"]`).count()).toBe(1);
    expect(await detail.locator(`a[href="${EXPLORER}/address/${holding!.walletAddress}"]`).count()).toBe(1);
    await saveScreenshot(page, 'chain-investment-desktop');

    // The owner's asset page now has two holders on chain: 920 and the investor's 80.
    await ownerPage.goto(`${server.url}/assets/${assetId}`);
    await onChain
      .getByRole('row', { name: /Investor/ })
      .getByText('80', { exact: true })
      .waitFor();
    expect((await ownerRow.innerText()).replace(/\s+/g, ' ')).toContain('920 92.00%');

    // Operations: the Chain card beside the register's reconciliation, in agreement.
    await adminPage.goto(`${server.url}/admin/operations`);
    const chainCard = adminPage.locator('.ant-card', { has: adminPage.getByText('Chain', { exact: true }) });
    await chainCard.getByText('in agreement').waitFor();
    await chainCard.getByText('Embedded node (anvil)').waitFor();
    expect(await chainCard.innerText()).toMatch(/Chain id\s+31337/);
    expect(await chainCard.innerText()).toMatch(/Pending transactions\s+0/);
    await chainCard.getByText(/^The embedded node runs as process \d+\.$/).waitFor();
    // The app's own verdict above the tables: ok, nothing to name.
    const healthCard = adminPage.locator('.ant-card', { has: adminPage.getByText('Health', { exact: true }) });
    await healthCard.getByText('ok', { exact: true }).waitFor();
    await saveScreenshot(adminPage, 'chain-operations-desktop');

    // The investor registers an address of their own, proving it with the wallet in their browser: a minimal
    // EIP-1193 provider whose personal_sign calls back into this test, which signs with a generated key (a real
    // signature, checked by the real server). The server's messages show on the form.
    const own = privateKeyToAccount(generatePrivateKey());
    const signedFor: string[] = [];
    await investorBrowser.context.exposeFunction('kauriTestAccount', () => own.address);
    await investorBrowser.context.exposeFunction('kauriTestSign', async (message: Hex, address: string) => {
      signedFor.push(address);
      return own.signMessage({ message: { raw: message } });
    });
    await investorBrowser.context.addInitScript(() => {
      const test = window as unknown as {
        kauriTestAccount(): Promise<string>;
        kauriTestSign(message: string, address: string): Promise<string>;
        ethereum: unknown;
      };
      test.ethereum = {
        async request({ method, params }: { method: string; params?: string[] }) {
          if (method === 'eth_requestAccounts') return [await test.kauriTestAccount()];
          if (method === 'personal_sign') return test.kauriTestSign(params![0]!, params![1]!);
          throw Object.assign(new Error(`${method} is not supported`), { code: 4200 });
        },
      };
    });
    await page.goto(`${server.url}/profile`);
    const wallet = page.locator('.ant-card', { has: page.getByText('Wallet', { exact: true }) });
    await wallet.getByText('Registered', { exact: true }).waitFor();
    expect(await wallet.getByText('No wallet found in this browser').count()).toBe(0);
    await wallet.getByLabel('Your own address').fill('0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAeD');
    await wallet.getByRole('button', { name: 'Sign and Register' }).click();
    await wallet.getByText('Enter an Ethereum address: 0x followed by 40 hexadecimal characters').waitFor();
    await wallet.getByRole('button', { name: 'Use My Wallet’s Address' }).click();
    await page.waitForFunction(
      (a) => Array.from(document.querySelectorAll('input')).some((i) => i.value === a),
      own.address,
    );
    await wallet.getByRole('button', { name: 'Sign and Register' }).click();
    await wallet.getByText(/^Your wallet holds tokens: a new address can be registered once they are moved/).waitFor();
    expect(signedFor).toEqual([own.address]);
    await saveScreenshot(page, 'chain-profile-wallet-desktop', wallet);

    // Another investor, holding nothing yet, registers the same wallet's address: signed in the browser, the card
    // shows it and the identity registry takes it.
    const second = await verifiedInvestor(server, admin);
    const secondTab = await openSignedIn(investorBrowser, server.url, second.user.email, '/profile', desktop, {
      newTab: true,
    });
    const secondWallet = secondTab.page.locator('.ant-card', {
      has: secondTab.page.getByText('Wallet', { exact: true }),
    });
    await secondWallet.getByRole('button', { name: 'Use My Wallet’s Address' }).click();
    await secondTab.page.waitForFunction(
      (a) => Array.from(document.querySelectorAll('input')).some((i) => i.value === a),
      own.address,
    );
    await secondWallet.getByRole('button', { name: 'Sign and Register' }).click();
    await secondWallet.getByText(shortHex(own.address), { exact: true }).waitFor();
    await secondWallet.getByText('Registered', { exact: true }).waitFor({ timeout: 30_000 });
    expect(signedFor).toEqual([own.address, own.address]);
    await secondTab.page.close();
    // The browser's session is the first investor's again (the sign-in above replaced the context's cookies).
    await (
      await openSignedIn(investorBrowser, server.url, investor.user.email, '/profile', desktop, { newTab: true })
    ).page.close();

    // A browser without a wallet says what to do, shows the message, and takes a signature made elsewhere.
    await adminPage.goto(`${server.url}/profile`);
    const adminWallet = adminPage.locator('.ant-card', { has: adminPage.getByText('Wallet', { exact: true }) });
    await adminWallet.getByText('No wallet found in this browser').waitFor();
    const elsewhere = privateKeyToAccount(generatePrivateKey());
    await adminWallet.getByLabel('Your own address').fill(elsewhere.address);
    await adminWallet.getByRole('button', { name: 'Get Message to Sign' }).click();
    const shown = await adminWallet.getByLabel('Message to sign').inputValue();
    expect(shown).toContain(elsewhere.address);
    expect(shown).toContain('Chain ID: 31337');
    await adminWallet.getByLabel('Signature').fill(await elsewhere.signMessage({ message: shown }));
    await saveScreenshot(adminPage, 'chain-profile-wallet-no-extension-desktop', adminWallet);
    await adminWallet.getByRole('button', { name: 'Register Address' }).click();
    await adminWallet.getByText(shortHex(elsewhere.address), { exact: true }).waitFor();
    await adminPage.goto(`${server.url}/admin/operations`);

    // 375 px: every page fits, nothing sideways but the tables' own scroll.
    for (const p of [page, ownerPage, adminPage]) await p.setViewportSize(phone);
    await page.goto(`${server.url}/`);
    await row.getByText('On chain: 80 of 80').waitFor();
    expect(await fitsViewportWidth(page)).toBe(true);
    await saveScreenshot(page, 'chain-investor-home-phone', holdings);
    await page.goto(`${server.url}/investments/${holding!.id}`);
    await detail.getByText('On chain: 80 of 80').waitFor();
    expect(await fitsViewportWidth(page)).toBe(true);
    await saveScreenshot(page, 'chain-investment-phone');
    await ownerPage.goto(`${server.url}/assets/${assetId}`);
    await onChain.getByText('Deployed', { exact: true }).first().waitFor();
    expect(await fitsViewportWidth(ownerPage)).toBe(true);
    await saveScreenshot(ownerPage, 'chain-asset-deployed-phone', onChain);
    await chainCard.getByText('in agreement').waitFor();
    expect(await fitsViewportWidth(adminPage)).toBe(true);
    await saveScreenshot(adminPage, 'chain-operations-chain-phone', chainCard);

    expect([...ownerTab.errors, ...adminTab.errors, ...investorTab.errors, ...secondTab.errors]).toEqual([]);
    console.log(`deployment after the node mined again: ${deploySeconds.toFixed(1)} s`);
  }, 240_000);
});
