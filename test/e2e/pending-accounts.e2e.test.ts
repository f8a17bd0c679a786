import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, expectAccessible, launchBrowser, newPage, readOutbox, signIn } from './support/browser';

/**
 * A pending account end to end (product-rules.md "Accounts and sign-in"): a self sign-up confirmed through the
 * e-mailed link waits on 'Account pending'; an operator finds it under the 'Pending' filter and
 * enables it as a provider user of Sunrise; signed in again, it opens the Provider Dashboard.
 */
describe('pending accounts', () => {
  let browser: Browser;
  const stamp = Date.now().toString(36);
  const email = `pending-${stamp}@clinic.example`;
  const password = 'Pending-pass-2026';

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an operator enables a confirmed self sign-up with a role and an organization', async () => {
    // Sign up and confirm through the e-mailed link: the post-confirmation trigger writes the pending profile.
    const newcomer = await newPage(browser);
    await newcomer.goto('/signup');
    await newcomer.getByLabel('First Name').fill('Penny');
    await newcomer.getByLabel('Last Name').fill(`Pending${stamp}`);
    await newcomer.getByLabel('Email').fill(email);
    await newcomer.getByLabel('Password', { exact: true }).fill(password);
    await newcomer.getByLabel('Confirm Password', { exact: true }).fill(password);
    await newcomer.getByRole('button', { name: 'Create Account' }).click();
    await newcomer.getByRole('heading', { level: 1, name: 'Account Created!' }).waitFor();
    const mail = (await readOutbox()).find((message) => message.channel === 'email' && message.to === email);
    const link = mail?.links.find((candidate) => candidate.includes('/local/confirm-sign-up'));
    expect(link, `no confirmation link for ${email}`).toBeDefined();
    await newcomer.goto(link ?? '');
    await newcomer.waitForURL('**/login**');
    await signIn(newcomer, email, password);
    await newcomer.getByRole('heading', { level: 1, name: 'Account pending' }).waitFor();

    // The operator finds it under 'Pending' and enables it.
    const operator = await newPage(browser);
    await signIn(operator, DEMO.operator);
    await operator.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await operator.goto('/admin/users');
    await operator.getByRole('heading', { level: 1, name: 'User Management' }).waitFor();
    await operator.getByRole('combobox', { name: 'Filter by role' }).selectOption('pending');
    await operator.getByLabel('Search users').fill(email);
    const row = operator.getByRole('row').filter({ hasText: email });
    await row.getByText('Pending', { exact: true }).waitFor();
    await expectAccessible(operator);

    await row.getByRole('button', { name: `Enable Penny Pending${stamp}` }).click();
    const dialog = operator.getByRole('dialog', { name: 'Enable User' });
    await dialog.getByRole('combobox', { name: 'Role', exact: true }).selectOption('provider');
    await dialog.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'Sunrise Family Medicine' });
    await expectAccessible(operator);
    await dialog.getByRole('button', { name: 'Enable User' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // No longer pending: listed with its role and organization.
    await operator.getByText('No users found').waitFor();
    await operator.getByRole('combobox', { name: 'Filter by role' }).selectOption('provider');
    const enabled = operator.getByRole('row').filter({ hasText: email });
    await enabled.getByText('Provider User').waitFor();
    await enabled.getByText('Sunrise Family Medicine').waitFor();
    expect(await enabled.getByText('Pending', { exact: true }).count()).toBe(0);

    // Signed in again, the account has its role and organization.
    const enabledPage = await newPage(browser);
    await signIn(enabledPage, email, password);
    await enabledPage.waitForURL('**/provider');
    await enabledPage.getByRole('heading', { name: 'Provider Dashboard' }).waitFor();
    expect(await enabledPage.getByRole('heading', { name: 'Account pending' }).count()).toBe(0);
  });
});
