import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, expectAccessible, launchBrowser, newPage, signIn } from './support/browser';

describe('operator sign-in', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs the demo operator in through the real form and lands on /admin', async () => {
    const page = await newPage(browser);
    await signIn(page, DEMO.operator);
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByText(DEMO.operator).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    await expectAccessible(page);
  });
});
