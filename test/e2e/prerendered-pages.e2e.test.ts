import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newPage } from './support/browser';

/**
 * The public pages are HTML from the build (web/prerender.ts): they paint before any script runs,
 * and the app takes them over (hydration) without a mismatch, which React reports as an error.
 */

interface Watched {
  page: Page;
  /** Console errors and uncaught errors (a hydration mismatch is one). */
  errors: string[];
  /** Paths of the scripts the page downloaded. */
  scripts: string[];
}

async function open(browser: Browser, path: string, options: { javaScript?: boolean } = {}): Promise<Watched> {
  const page = await newPage(browser);
  const errors: string[] = [];
  const scripts: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  if (options.javaScript === false) await page.route(/\.js$/, (route) => route.abort());
  await page.goto(path, { waitUntil: 'networkidle' });
  return { page, errors, scripts };
}

describe('prerendered public pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ['/', 'Healthcare reimagined', 'CareLoop'],
    ['/login', 'Welcome back', 'Sign In · CareLoop'],
    ['/signup', 'Create your account', 'Create your account · CareLoop'],
    ['/privacy', 'Privacy Policy', 'Privacy Policy · CareLoop'],
    ['/contact', 'Contact Us', 'Contact Us · CareLoop'],
  ])('%s shows its content and title with no script at all', async (path, heading, title) => {
    const { page } = await open(browser, path, { javaScript: false });

    expect(await page.getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(await page.title()).toBe(title);
    await expectAccessible(page);
  });

  it('/ downloads no app until the first interaction, then hydrates it and navigates in the app', async () => {
    const { page, errors, scripts } = await open(browser, '/');
    expect(scripts).toHaveLength(1);

    await page.mouse.move(20, 20);
    await expect.poll(() => scripts.some((path) => path.includes('/boot-'))).toBe(true);
    // Downloaded is not yet hydrated: wait until React has attached its handlers to the link.
    const login = page.getByRole('banner').getByRole('link', { name: 'Login' });
    await expect
      .poll(() => login.evaluate((link) => Object.keys(link).some((key) => key.startsWith('__reactProps'))), {
        timeout: 15_000,
      })
      .toBe(true);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await login.click();
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();

    // A link followed by the router keeps the document; a page load would have dropped the mark.
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(errors).toEqual([]);
  });

  it.each(['/login', '/signup', '/old'])('%s hydrates at once without a mismatch', async (path) => {
    const { page, errors, scripts } = await open(browser, path);

    expect(scripts.some((script) => script.includes('/boot-'))).toBe(true);
    // Enabled once the app runs: the prerendered HTML has these disabled.
    const button = page.getByRole('button', { name: /Sign In|Create Account|Get Started Today/ });
    await expect.poll(() => button.isEnabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('/login takes typing and sending only once the app runs, so nothing typed is lost', async () => {
    const page = await newPage(browser);
    let release = () => undefined as void;
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    expect(await page.getByLabel('Email').isEditable()).toBe(false);
    expect(await page.getByRole('button', { name: 'Sign In' }).isDisabled()).toBe(true);
    release();

    await page.getByLabel('Email').fill('typed@clinic.example');
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The form checked the e-mail typed, and asks only for the password.
    await page.getByText('Password is required').waitFor();
    expect(await page.getByText('Email is required').count()).toBe(0);
  });
});
