/** What a person does on /auth, shared by the browser tests. */
import type { Page } from 'playwright-core';

/** The password of accounts the tests create through the form. */
export const PASSWORD = 'correct horse battery';

/** On /auth: opens Create Account, registers, and waits for the confirmation toast. */
export async function createAccount(page: Page, firstName: string, email: string, password = PASSWORD): Promise<void> {
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await page.getByLabel('First Name').fill(firstName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).last().click();
  await page.getByText('Account Created!').waitFor();
}

/** On /auth (the Sign In tab): signs in and waits for the welcome toast. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).last().click();
  await page.getByText('Welcome back!').waitFor();
}
