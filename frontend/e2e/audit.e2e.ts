/**
 * Compliance staff and operations end to end (issue 8): a compliance officer signs in, opens Audit from the
 * header, filters the timeline, reads an event's data and metadata, follows the chain of one request, looks
 * at an aggregate as it stood then, verifies the hash chains, exports CSV with progress, forgets a registrant
 * and is refused for a wholesale customer with the AML/CFT reason. An admin rebuilds a projection in
 * /admin/operations with a live progress bar.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { interestForm } from '../../backend/src/testing/fixtures.js';
import { signUp, TEST_PASSWORD } from '../../backend/src/testing/users.js';
import {
  choose,
  fitsViewportWidth,
  launchBrowser,
  openPage,
  phone,
  saveScreenshot,
  waitForText,
  type TestBrowser,
} from './support/browser.js';
import { openSignedIn, signIn } from './support/accounts.js';
import { startKauri } from './support/kauri-server.js';

describe('audit history and operations', () => {
  let browser: TestBrowser;
  let server: Awaited<ReturnType<typeof startKauri>>;
  let registrationId: string;
  let customerId: string;

  beforeAll(async () => {
    [browser, server] = await Promise.all([
      launchBrowser(),
      startKauri({ AUTH_RATE_LIMIT_PER_IP: '1000', ADMIN_EMAILS: 'ops.admin@kauri.test' }),
    ]);
    const registered = await fetch(`${server.url}/api/register-interest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(interestForm({ email: 'wiremu.forget@example.nz', firstName: 'Wiremu' })),
    });
    registrationId = ((await registered.json()) as { registrationId: string }).registrationId;
    // A wholesale investor: a customer under the AML/CFT Act, whose records must be kept.
    const admin = await signUp(server, {
      admin: true,
      email: 'ops.admin@kauri.test',
      firstName: 'Mere',
      lastName: 'Admin',
    });
    const investor = await signUp(server, { firstName: 'Hana', lastName: 'Tane' });
    customerId = investor.user.id;
    const submitted = await investor.post('/api/wholesale-verification', {
      verificationType: 'professional',
      professionalType: 'lawyer',
      verifierName: 'Hine Walker',
      verifierContact: 'hine@law.nz',
    });
    await admin.put(`/api/admin/wholesale-verification/${submitted.body.id}`, { status: 'verified' });
    await signUp(server, { compliance: true, email: 'compliance@kauri.test', firstName: 'Rangi' });
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a compliance officer replays the history, checks it, exports it, and forgets a person where the law allows', async () => {
    const { page, errors } = await openSignedIn(browser, server.url, 'compliance@kauri.test', '/dashboard');
    await page.getByRole('link', { name: 'Audit' }).click();
    await page.getByRole('heading', { name: 'Audit History' }).waitFor();
    await expect(page.getByRole('link', { name: 'Operations' }).count()).resolves.toBe(0);

    // The admin role from ADMIN_EMAILS was the system's doing, not the registering visitor's.
    await choose(page, 'Event type', 'RoleGranted');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page.getByRole('row', { name: /RoleGranted.*System: ADMIN_EMAILS/ }).waitFor();

    // Filter to one event type; open the event: data (the registrant in the clear) and metadata.
    await choose(page, 'Event type', 'InterestRegistered');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    const row = page.getByRole('row', { name: /InterestRegistered/ }).first();
    await row.waitFor();
    await expect(page.getByRole('row', { name: /UserRegistered/ }).count()).resolves.toBe(0);
    await row.click();
    await expect(page.getByLabel(/^Data of InterestRegistered/).innerText()).resolves.toContain(
      'wiremu.forget@example.nz',
    );
    await expect(page.getByLabel(/^Metadata of InterestRegistered/).innerText()).resolves.toContain(
      '"kind": "anonymous"',
    );

    // The chain that one request caused, then the register as it stood at that moment.
    await page.getByRole('button', { name: 'Show Request Chain' }).click();
    const chain = page.getByRole('dialog', { name: 'Request Chain' });
    await chain.getByText('InterestRegistered').waitFor();
    await saveScreenshot(page, 'audit-request-chain');
    await chain.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'State at This Moment' }).click();
    const state = page.getByRole('dialog', { name: /Interest register as it stood at .* NZ[DS]T/ });
    await state.getByText('State').first().waitFor();
    await expect(state.getByLabel('State at that moment').innerText()).resolves.toContain('"registrations": 1');
    await state.getByRole('button', { name: 'Close' }).click();

    // Tamper evidence.
    await page.getByRole('button', { name: 'Verify Integrity' }).click();
    await waitForText(page, 'Intact');
    await page.getByText(/events in \d+ streams; every hash chain holds/).waitFor();

    // Export the filtered history as CSV; progress shows while it streams.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    await page.getByLabel('Export progress').waitFor();
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'position,streamId,revision,type,occurredAt,actor,correlationId,causationId,eventId,schemaVersion,data',
    );
    expect(csv).toContain('InterestRegistered');
    expect(csv).not.toContain('UserRegistered');

    // Forget the registrant: allowed (never a customer).
    await page.getByLabel('Person (subject id)').fill(registrationId);
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText('Events with personal data').waitFor();
    await page.getByLabel('Reason').fill('Request under the Privacy Act 2020, received today');
    await page.getByRole('button', { name: 'Forget This Person' }).click();
    await page.getByRole('button', { name: 'Forget', exact: true }).click();
    await waitForText(page, 'Person Forgotten');
    await page.getByText('Forgotten', { exact: true }).waitFor();

    // The timeline now shows the registration with its personal fields unreadable.
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page
      .getByRole('row', { name: /InterestRegistered.*forgotten/ })
      .first()
      .click();
    await expect(page.getByLabel(/^Data of InterestRegistered/).innerText()).resolves.not.toContain(
      'wiremu.forget@example.nz',
    );
    await expect(page.getByLabel(/^Data of InterestRegistered/).innerText()).resolves.toContain(
      '"personalForgotten": true',
    );

    // A wholesale customer: refused, and the reason is shown.
    await page.getByLabel('Person (subject id)').fill(customerId);
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText('Records kept until').waitFor();
    await page.getByLabel('Reason').fill('Request under the Privacy Act 2020');
    await page.getByRole('button', { name: 'Forget This Person' }).click();
    await page.getByRole('button', { name: 'Forget', exact: true }).click();
    await page.getByText('Refused').waitFor();
    await page
      .getByText(/^AML\/CFT record keeping applies until .* \(5 years after the relationship ended on/)
      .waitFor();
    await saveScreenshot(page, 'audit-desktop');

    await page.setViewportSize(phone);
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'audit-phone');
    expect(await fitsViewportWidth(page)).toBe(true);
    expect(errors).toEqual([]);
  }, 180_000);

  it('an admin watches the projections and rebuilds one with a live progress bar', async () => {
    // Enough history that a rebuild is visible while it runs.
    const staff = await signUp(server, { compliance: true });
    for (let i = 0; i < 40; i++) await staff.get('/api/audit/events?limit=1');
    const { page, errors } = await openPage(browser, server.url, '/auth');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByText('Sign Out').click();
    await page.getByText('You have been successfully signed out.').waitFor();
    await page.goto(`${server.url}/auth`);
    await signIn(page, 'ops.admin@kauri.test', TEST_PASSWORD);
    await page.getByRole('link', { name: 'Operations' }).click();
    await page.getByRole('heading', { name: 'Operations' }).waitFor();
    const users = page.getByRole('row', { name: /^users/ });
    await users.getByText('Live').waitFor();

    await page.getByRole('button', { name: 'Rebuild users' }).click();
    // The rebuild either shows its progress bar or has already swapped in; both end live with no error.
    await page
      .getByLabel('Rebuild of users')
      .or(users.getByRole('button', { name: 'Rebuild users' }))
      .first()
      .waitFor();
    await users.getByRole('button', { name: 'Rebuild users' }).waitFor();
    await users.getByText('Live').waitFor();
    await expect(users.getByText('none').count()).resolves.toBe(1);
    await page.getByText('Lag and Throughput', { exact: true }).waitFor();
    await page.locator('.recharts-surface').first().waitFor();
    await saveScreenshot(page, 'operations-desktop');
    await page.setViewportSize(phone);
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'operations-phone');
    expect(await fitsViewportWidth(page)).toBe(true);
    expect(errors).toEqual([]);
  }, 120_000);

  it('names who asked and who decided on a decision (four eyes)', async () => {
    const { page, errors } = await openSignedIn(browser, server.url, 'compliance@kauri.test', '/audit');
    await choose(page, 'Event type', 'VerificationApproved');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    const row = page.getByRole('row', { name: /VerificationApproved/ }).first();
    await row.getByText('requested by Hana Tane · decided by Mere Admin').waitFor();
    expect(errors).toEqual([]);
  });
});
