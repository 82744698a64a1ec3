/**
 * The asset register in the browser (issue 15): the owner's cap table adds, edits and removes holders, always
 * adds to 100 %, exports CSV and replays a past day; the owner asks for more tokens and an admin approves; the
 * admin's new-offering form shows the tokens left, refuses more, and sees an asset the moment it is approved.
 *
 * The first asset's history is recorded three days ago (the server's clock, i.e. this process's Date, is set
 * back and then returned), so a past date has a different cap table to show.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import type { RegisterDoc } from '../../backend/src/projections/registers.js';
import { submittedAsset } from '../../backend/src/testing/offerings.js';
import { signUp } from '../../backend/src/testing/users.js';
import { openSignedIn } from './support/accounts.js';
import {
  choose,
  fitsViewportWidth,
  launchBrowser,
  phone,
  waitForText,
  type TestBrowser,
  saveScreenshot,
} from './support/browser.js';
import { startKauri } from './support/kauri-server.js';

const ADMIN_EMAIL = 'registrar@kauri.test';
const DAY = 86_400_000;

/** YYYY-MM-DD of a moment in New Zealand, and how the date picker shows it. */
const nzDay = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(at);
const pickerText = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
    .format(new Date(`${day}T00:00:00Z`))
    .replace('Sept', 'Sep');

/** The text of every cell of the cap table's row for `holder`. */
async function rowOf(page: Page, holder: string): Promise<string> {
  return (
    await page
      .getByRole('row', { name: new RegExp(holder) })
      .first()
      .innerText()
  ).replace(/\s+/g, ' ');
}

describe('asset register', () => {
  let owner: TestBrowser;
  let registrar: TestBrowser;
  let server: Awaited<ReturnType<typeof startKauri>>;
  let ownerEmail: string;
  let harbour: string;
  const realNow = Date.now();

  beforeAll(async () => {
    [owner, registrar, server] = await Promise.all([
      launchBrowser(),
      launchBrowser(),
      startKauri({ ADMIN_EMAILS: ADMIN_EMAIL, AUTH_RATE_LIMIT_PER_IP: '1000' }),
    ]);
    // Three days ago: the owner's first asset is approved and an early backer recorded.
    jest.useFakeTimers({
      now: realNow - 3 * DAY,
      advanceTimers: true,
      doNotFake: [
        'setTimeout',
        'setInterval',
        'setImmediate',
        'clearTimeout',
        'clearInterval',
        'clearImmediate',
        'nextTick',
        'queueMicrotask',
        'hrtime',
        'performance',
      ],
    });
    try {
      const admin = await signUp(server, { email: ADMIN_EMAIL, admin: true });
      const first = await submittedAsset(server, {
        tokens: 1_850,
        value: 1_850_000,
        price: 1_000,
        name: 'Harbour View',
      });
      harbour = first.assetId;
      ownerEmail = first.owner.user.email;
      expect((await admin.post(`/api/admin/assets/${harbour}/approve`)).status).toBe(200);
      const early = await first.owner.post(`/api/assets/${harbour}/investors`, { name: 'Early Backer', tokens: 350 });
      expect(early.status).toBe(201);
    } finally {
      jest.setSystemTime(Date.now() + 3 * DAY);
      jest.useRealTimers();
    }
    // Another owner's asset awaits review today: the admin approves it in the browser.
    await submittedAsset(server, { tokens: 2_000, value: 500_000, price: 250, name: 'Kauri Lane' });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([owner?.close(), registrar?.close()]);
    await server?.close();
  });

  it('the owner adds, edits and removes holders, sees 100 %, exports the CSV and replays a past day', async () => {
    const { page, errors } = await openSignedIn(owner, server.url, ownerEmail, '/');
    const card = page.locator('.ant-card', { has: page.getByText('Cap Table Management', { exact: true }) });
    await card.getByRole('cell', { name: 'Early Backer', exact: true }).waitFor();
    expect(await rowOf(page, 'Owner \\(retained\\)')).toContain('1,500');
    expect(await card.getByLabel('Total owned').innerText()).toBe('100.00%');

    // Add: beyond what the owner retains is refused on the field, with what is left.
    await card.getByRole('button', { name: 'Add Investor' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Investor Name').fill('Aroha Ngata');
    await dialog.getByLabel('Email (optional)').fill('aroha@example.nz');
    await dialog.getByLabel('Tokens Held').fill('5000');
    await dialog.getByRole('button', { name: 'Add Investor' }).click();
    await dialog.getByText('Only 1,500 tokens of this asset are unallocated').first().waitFor();
    await dialog.getByLabel('Tokens Held').fill('500');
    await dialog.getByRole('button', { name: 'Add Investor' }).click();
    await waitForText(page, 'Investor Added');
    await card.getByRole('cell', { name: 'Aroha Ngata aroha@example.nz', exact: true }).waitFor();
    expect(await rowOf(page, 'Aroha Ngata')).toContain('27.03%'); // 500 of 1,850
    expect(await rowOf(page, 'Owner \\(retained\\)')).toContain('1,000');

    // Edit, with a reason.
    await card.getByRole('button', { name: 'Edit Aroha Ngata' }).click();
    await dialog.getByLabel('Tokens Held').fill('925');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Please give a reason').waitFor();
    await dialog.getByLabel('Reason for the change').fill('Bought the tokens of a family trust');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await waitForText(page, 'Holding Changed');
    await card.getByRole('cell', { name: '50.00%', exact: true }).waitFor();
    expect(await rowOf(page, 'Aroha Ngata')).toContain('925');
    expect(await rowOf(page, 'Aroha Ngata')).toContain('50.00%');

    // Another holder, then removed with a reason.
    await card.getByRole('button', { name: 'Add Investor' }).click();
    await dialog.getByLabel('Investor Name').fill('Mere Tane');
    await dialog.getByLabel('Tokens Held').fill('100');
    await dialog.getByRole('button', { name: 'Add Investor' }).click();
    await card.getByRole('cell', { name: 'Mere Tane', exact: true }).waitFor();
    await card.getByRole('button', { name: 'Remove Mere Tane' }).click();
    const remove = page.getByRole('dialog', { name: /Remove Mere Tane/ });
    expect(await remove.getByRole('button', { name: 'Remove Investor' }).isDisabled()).toBe(true);
    await remove.getByLabel('Reason for removal').fill('Recorded on the wrong asset');
    await remove.getByRole('button', { name: 'Remove Investor' }).click();
    await waitForText(page, 'Investor Removed');
    await card.getByRole('cell', { name: 'Mere Tane', exact: true }).waitFor({ state: 'detached' });
    expect(await card.getByLabel('Total owned').innerText()).toBe('100.00%');
    expect(await rowOf(page, 'Owner \\(retained\\)')).toContain('575'); // 1,850 − 350 − 925
    await card.locator('.recharts-pie').waitFor();
    await saveScreenshot(page, 'register-cap-table-desktop', card);

    // The CSV: every line with names and e-mails, and the total.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('link', { name: /Export CSV/ }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    const rows = csv.trim().split('\r\n');
    expect(rows[0]).toBe('"Holder","Email","Kind","Tokens held","Value (NZD)","Percentage owned","Added"');
    expect(rows.find((r) => r.startsWith('"Aroha Ngata"'))).toMatch(
      /^"Aroha Ngata","aroha@example.nz","off-platform","925","925000","50.00","\d{1,2} [A-Z][a-z]+ \d{4}, \d{1,2}:\d{2} [ap]m NZ[DS]T"$/,
    );
    expect(rows.find((r) => r.startsWith('"Owner (retained)"'))).toMatch(/^"Owner \(retained\)","","owner","575",/);
    expect(rows.at(-1)).toBe('"Total supply","","","1850","1850000","100.00",""');
    expect(rows.some((r) => r.includes('Mere Tane'))).toBe(false);

    // Two days ago (NZ): only the early backer, and nothing can be changed in the past.
    const past = nzDay(realNow - 2 * DAY);
    const picker = card.getByPlaceholder('As of today');
    await picker.click();
    await picker.fill(pickerText(past));
    await picker.press('Enter');
    await card.getByText(/replayed from the log/).waitFor();
    await card.getByRole('cell', { name: 'Aroha Ngata aroha@example.nz', exact: true }).waitFor({ state: 'detached' });
    expect(await rowOf(page, 'Early Backer')).toContain('18.92%'); // 350 of 1,850
    expect(await rowOf(page, 'Owner \\(retained\\)')).toContain('1,500');
    expect(await card.getByRole('button', { name: 'Edit Early Backer' }).count()).toBe(0);
    expect(await card.getByRole('link', { name: /Export CSV/ }).getAttribute('href')).toBe(
      `/api/assets/${harbour}/cap-table.csv?asOf=${past}`,
    );
    await saveScreenshot(page, 'register-cap-table-past-desktop', card);
    await card.getByRole('button', { name: 'Back to today' }).click();
    await card.getByRole('cell', { name: 'Aroha Ngata aroha@example.nz', exact: true }).waitFor();

    // Supply: the owner asks for 925 more tokens and sees the dilution first.
    await card.getByRole('tab', { name: 'Supply' }).click();
    await card.getByLabel('Tokens', { exact: true }).fill('925');
    await card.getByText('Issuing 925 dilutes existing holders by 33.3 %').waitFor();
    await card.getByLabel('Reason', { exact: true }).fill('Second stage of the development');
    await card.getByRole('button', { name: 'Request Supply Change' }).click();
    await waitForText(page, 'Supply Change Requested');
    await card.getByText('Awaiting an admin').waitFor();
    await saveScreenshot(page, 'register-supply-desktop', card);

    // The approved asset's last wizard step carries the same register, and the CSV.
    await page.goto(`${server.url}/tokenize?asset=${harbour}`);
    const wizard = page.locator('.ant-card', { has: page.getByText('Register', { exact: true }) }).last();
    await wizard.getByText('aroha@example.nz').waitFor();
    await wizard.getByRole('link', { name: /Export CSV/ }).waitFor();
    await page.getByRole('link', { name: 'Download Cap Table (CSV)' }).waitFor();
    await wizard.locator('.recharts-pie').waitFor();
    await saveScreenshot(page, 'register-wizard-desktop', wizard);

    // 375 px: the same cap table fits, 100 % shown, the edit dialog usable.
    await page.setViewportSize(phone);
    await page.goto(`${server.url}/`);
    await card.getByText('aroha@example.nz').waitFor();
    expect(await card.getByLabel('Total owned').innerText()).toBe('100.00%');
    expect(await fitsViewportWidth(page)).toBe(true);
    await card.getByRole('button', { name: 'Edit Aroha Ngata' }).click();
    await dialog.getByLabel('Reason for the change').waitFor();
    await saveScreenshot(page, 'register-edit-phone', dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await card.locator('.recharts-pie').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'register-cap-table-phone', card);
    await card.getByRole('tab', { name: 'Supply' }).click();
    await card.getByText('Awaiting an admin').waitFor();
    expect(await fitsViewportWidth(page)).toBe(true);
    await saveScreenshot(page, 'register-supply-phone', card);
    expect(errors).toEqual([]);
  }, 180_000);

  it('the admin sees an asset once approved, its available tokens, cannot offer more, and approves the supply change', async () => {
    const { page, errors } = await openSignedIn(registrar, server.url, ADMIN_EMAIL, '/admin');
    await page.getByRole('tab', { name: 'Token Offerings' }).click();
    await page.getByLabel('Approved Asset', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Harbour View').waitFor();
    expect(await page.locator('.ant-select-dropdown:visible').getByTitle('Kauri Lane').count()).toBe(0);
    await page.keyboard.press('Escape');

    // Approving Kauri Lane puts it in the offering form's list without a reload.
    await page.getByRole('tab', { name: 'Tokenization Reviews' }).click();
    await page
      .getByRole('row', { name: /Kauri Lane/ })
      .getByRole('button', { name: 'Approve' })
      .click();
    // Approval is irreversible: the dialog names the asset before it goes ahead.
    await page
      .getByRole('dialog', { name: 'Approve the tokenization of Kauri Lane?' })
      .getByRole('button', { name: 'Approve Tokenization' })
      .click();
    await waitForText(page, 'The asset is now active.');
    await page.getByRole('tab', { name: 'Token Offerings' }).click();
    await choose(page, 'Approved Asset', 'Kauri Lane');
    await page.getByText('2,000 of 2,000 tokens available').waitFor();
    expect(await page.getByLabel('Token Price (NZD)').inputValue()).toBe('250.00');

    // Harbour View: 575 of 1,850 left. The owner records another holder meanwhile; the form's figure is stale.
    await choose(page, 'Approved Asset', 'Harbour View');
    await page.getByText('575 of 1,850 tokens available').waitFor();
    expect(await page.getByLabel('Token Price (NZD)').inputValue()).toBe('1000.00');
    const added = await ownerAdds(server.url, harbour, 75);
    expect(added).toBe(201);
    await page.getByLabel('Offering Name').fill('Harbour View Series A');
    // More than is free: refused beside the field, naming what is free, and what was typed stays as typed.
    const field = page.locator('.ant-form-item', { has: page.getByLabel('Total Tokens') });
    await page.getByLabel('Total Tokens').fill('9999');
    await page.getByLabel('Total Tokens').blur();
    await field.getByText('Only 575 of 1,850 tokens are free for an offering').waitFor();
    expect(await page.getByLabel('Total Tokens').inputValue()).toBe('9,999');
    await page.getByRole('button', { name: 'Create Offering' }).click();
    await field.getByText('Only 575 of 1,850 tokens are free for an offering').waitFor();
    expect(await page.getByRole('cell', { name: 'Harbour View Series A' }).count()).toBe(0);
    // What the form read is stale: the server refuses 575 and says how many are free now.
    await page.getByLabel('Total Tokens').fill('575');
    await page.getByRole('button', { name: 'Create Offering' }).click();
    await field.locator('.ant-form-item-explain-error', { hasText: /\b500\b/ }).waitFor();
    await page.getByText('500 of 1,850 tokens available').waitFor();
    await saveScreenshot(page, 'register-offering-refused-desktop');
    await page.getByLabel('Total Tokens').fill('500');
    await page.getByRole('button', { name: 'Create Offering' }).click();
    await waitForText(page, 'Offering Created');
    await page.getByRole('cell', { name: 'Harbour View Series A' }).waitFor();

    // The supply change queue: asset, change, current supply and dilution; approved.
    await page.getByRole('tab', { name: 'Supply Changes' }).click();
    await page.getByRole('tab', { name: 'Supply Changes', selected: true }).waitFor();
    await page.setViewportSize(phone);
    const request = page.locator('.ant-list-item', { hasText: 'Harbour View: Issue 925' });
    await request.waitFor();
    expect(await request.innerText()).toContain('1,850');
    await request.getByText('Issuing 925 dilutes existing holders by 33.3 %').waitFor();
    await saveScreenshot(page, 'register-supply-queue-phone');
    await request.getByRole('button', { name: 'Approve' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Approve' }).click();
    await waitForText(page, 'Supply Change Approved');
    await page.getByText('No supply changes awaiting a decision').waitFor();
    expect(await fitsViewportWidth(page)).toBe(true);

    // The register agrees everywhere: 2,775 tokens, 500 offered; the operations page finds no drift.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/admin/operations`);
    await page.getByRole('button', { name: 'Reconcile Now' }).click();
    await page.getByText('in agreement').waitFor();
    await page.getByText('Reconciliation progress').waitFor({ state: 'detached' });
    const reconciled = await page.evaluate(() =>
      fetch('/api/operations/reconciliation', { credentials: 'include' }).then((r) => r.json()),
    );
    expect(reconciled).toMatchObject({ ok: true, assets: 2, drift: [] });
    await page.reload();
    await page.getByText('in agreement').waitFor();
    // The last run's time is New Zealand's, whatever the browser's zone (this machine's is UTC).
    const nz = new Intl.DateTimeFormat('en-NZ', {
      timeZone: 'Pacific/Auckland',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      hour12: true,
      timeZoneName: 'short',
    }).formatToParts(new Date(reconciled.finishedAt));
    const part = (type: string) => nz.find((p) => p.type === type)!.value;
    const lastRun = `${part('hour')}:${part('minute')}:${part('second')} ${part('dayPeriod')} ${part('timeZoneName')}`;
    expect(await page.locator('.ant-statistic', { hasText: 'Last run' }).innerText()).toContain(lastRun);
    await saveScreenshot(page, 'register-operations-desktop');
    const register = await page.evaluate(
      (id) => fetch(`/api/assets/${id}/register`, { credentials: 'include' }).then((r) => r.json()),
      harbour,
    );
    expect(register.totals).toEqual({ supply: 2_775, ownerRetained: 925, offPlatform: 1_350, unsold: 500, issued: 0 });

    // A read model changed behind the app's back shows as drift, naming the figure.
    const registers = server.readStore.collection<RegisterDoc>('registers');
    const doc = (await registers.get(harbour))!;
    await registers.upsert({ ...doc, totals: { ...doc.totals, offPlatform: 1_400 } });
    await page.getByRole('button', { name: 'Reconcile Now' }).click();
    const drift = page.getByRole('row', { name: /registers —/ });
    await drift.getByText('offPlatform').waitFor();
    expect(await drift.innerText()).toMatch(/1,350\s+1,400/);
    // The Health card above the tables says so as well: degraded (still serving), naming the reason.
    const health = page.locator('.ant-card', { has: page.getByText('Health', { exact: true }) });
    await health.getByText('degraded', { exact: true }).waitFor();
    await health.getByRole('list', { name: 'Health reasons' }).getByText('Register drift 1 on 1 asset').waitFor();
    await health.getByText(/^Still serving/).waitFor();
    await saveScreenshot(page, 'register-operations-drift-desktop');
    await registers.upsert(doc);
    expect(errors).toEqual([]);
  }, 180_000);

  /** The owner's browser records a holder through the API, as the dashboard does. */
  async function ownerAdds(base: string, assetId: string, tokens: number): Promise<number> {
    const page = (await owner.context.pages())[0] ?? (await owner.context.newPage());
    if (!page.url().startsWith(base)) await page.goto(`${base}/`);
    return page.evaluate(
      async ({ assetId, tokens }) => {
        const csrf = decodeURIComponent(document.cookie.match(/kauri\.csrf=([^;]+)/)?.[1] ?? '');
        const res = await fetch(`/api/assets/${assetId}/investors`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
          body: JSON.stringify({ name: 'Late Backer', tokens }),
        });
        return res.status;
      },
      { assetId, tokens },
    );
  }
});
