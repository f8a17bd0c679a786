import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, expectAccessible, launchBrowser, newPage, stackUrls } from './support/browser';

/** /login: required fields, busy label, the sign-in errors of product-rules.md "Errors" and the contact line. */

async function submit(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('/login', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("says 'Welcome back', states how to get an account, and is accessible", async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    const contact = page.getByRole('main').getByRole('link', { name: 'hello@careloop.health' });
    expect(await contact.getAttribute('href')).toMatch(/^mailto:hello@careloop\.health/);
    await expectAccessible(page);
  });

  it('requires the e-mail and the password', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await expectAccessible(page);
  });

  it("shows 'Signing in...' while the sign-in is under way", async () => {
    const page = await newPage(browser);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${stackUrls().cognitoUrl}/**`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await submit(page, DEMO.sunrise, DEMO.password);

    const busy = page.getByRole('button', { name: 'Signing in...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);

    release();
    await page.waitForURL('**/provider');
  });

  it("shows Cognito's message in a red box for a wrong password, and lets the user retry", async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await submit(page, DEMO.sunrise, 'not-the-password');

    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toMatch(/incorrect username or password/i);
    await expectAccessible(page);

    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/provider');
  });

  it('shows an error for an unknown account', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await submit(page, 'nobody@nowhere.example', 'whatever-123');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.trim().length).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
