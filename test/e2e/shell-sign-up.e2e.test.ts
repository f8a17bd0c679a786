import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_POLICY_MESSAGE } from '../../shared/password-policy';
import { expectAccessible, launchBrowser, newPage, readOutbox } from './support/browser';

/** Sign-up end to end: real Cognito (cognito-local) sign-up, the outbox link, the pending account. */

const NOT_CONFIRMED = 'Please check your email and click the confirmation link before signing in.';

describe('sign-up', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the validation messages in a red box', async () => {
    const page = await newPage(browser);
    await page.goto('/signup');
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    const alert = page.getByRole('alert');
    const create = page.getByRole('button', { name: 'Create Account' });

    await create.click();
    expect(await alert.textContent()).toContain('All fields are required');
    await expectAccessible(page);

    await page.getByLabel('First Name').fill('Sam');
    await page.getByLabel('Last Name').fill('Signup');
    await page.getByLabel('Email').fill('sam@clinic');
    await page.getByLabel('Password', { exact: true }).fill('abc12');
    await page.getByLabel('Confirm Password', { exact: true }).fill('abc13');
    await create.click();
    expect(await alert.textContent()).toContain('Passwords do not match');

    await page.getByLabel('Confirm Password', { exact: true }).fill('abc12');
    await create.click();
    expect(await alert.textContent()).toContain(PASSWORD_POLICY_MESSAGE);

    await page.getByLabel('Password', { exact: true }).fill('Sam-signup-2026');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Sam-signup-2026');
    await create.click();
    expect(await alert.textContent()).toContain('Please enter a valid email address');
  });

  it('has a keyboard-reachable show/hide toggle on each password field', async () => {
    const page = await newPage(browser);
    await page.goto('/signup');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-1');
    await password.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Show password');
    await page.keyboard.press('Enter');
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).waitFor();

    await page.getByRole('button', { name: 'Show confirm password' }).click();
    expect(await page.getByLabel('Confirm Password', { exact: true }).getAttribute('type')).toBe('text');
  });

  it('signs up, confirms through the e-mailed link, and signs in to the Account pending page', async () => {
    const email = `signup-${Date.now()}@clinic.example`;
    const password = 'Pending-pass-2026';
    const page = await newPage(browser);

    await page.goto('/signup');
    await page.getByLabel('First Name').fill('Sam');
    await page.getByLabel('Last Name').fill('Signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.getByRole('heading', { level: 1, name: 'Account Created!' }).waitFor();
    const createdAt = Date.now();
    await expectAccessible(page);

    // After 2 s: /login with the notice and the e-mail filled in.
    await page.waitForURL('**/login');
    expect(Date.now() - createdAt).toBeGreaterThan(1500);
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    await page
      .getByRole('status')
      .getByText(/check your email/i)
      .waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);

    // Not confirmed yet.
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').getByText(NOT_CONFIRMED).waitFor();

    // The verification e-mail reached the local outbox; its link confirms and returns to /login.
    const mail = (await readOutbox()).find((message) => message.channel === 'email' && message.to === email);
    expect(mail, `no verification e-mail to ${email} in the outbox`).toBeDefined();
    const link = mail!.links.find((candidate) => candidate.includes('/local/confirm-sign-up'));
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.waitForURL('**/login**');
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    // Self sign-up grants no role: the pending page, never a redirect loop.
    await page.waitForURL('**/provider');
    await page.getByRole('heading', { level: 1, name: 'Account pending' }).waitFor();
    await page.getByText(/an operator must enable it/).waitFor();
    await page.getByRole('banner').getByText(email).waitFor();
    await expectAccessible(page);

    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Account pending' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');

    await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
  });
});
