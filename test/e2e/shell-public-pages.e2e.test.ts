import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newPage } from './support/browser';

/** Landing pages, legal and contact pages: content, landmarks, axe, 375 px, keyboard, lazy loading. */

const PUBLIC_PAGES = [
  ['/', 'Healthcare reimagined'],
  ['/old', 'Care that keeps in touch, between every visit'],
  ['/login', 'Welcome back'],
  ['/signup', 'Create your account'],
  ['/sms-policy', 'SMS Policy'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/contact', 'Contact Us'],
] as const;

const LEGAL_PAGES = ['/sms-policy', '/privacy', '/terms'] as const;

async function mainText(page: Page): Promise<string> {
  return (await page.getByRole('main').innerText()).replace(/\s+/g, ' ');
}

async function expectLandmarksAndOneH1(page: Page, title: string) {
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
  expect(await page.getByRole('banner').count()).toBe(1);
  expect(await page.getByRole('main').count()).toBe(1);
  expect(await page.getByRole('contentinfo').count()).toBe(1);
}

describe('public pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(PUBLIC_PAGES)('%s has landmarks, one h1 and no serious axe violation on a desktop', async (path, title) => {
    const page = await newPage(browser);
    await page.goto(path);
    await expectLandmarksAndOneH1(page, title);
    await expectAccessible(page);
  });

  it.each(PUBLIC_PAGES)('%s works 375 px wide without sideways scrolling', async (path, title) => {
    const page = await newPage(browser, { width: 375, height: 740 });
    await page.goto(path);
    await expectLandmarksAndOneH1(page, title);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });

  it('never downloads the signed-in workspaces on public pages', async () => {
    const page = await newPage(browser);
    // Which scripts each page loads, by address. Their text is read from the server afterwards (the
    // static build serves the same file at the same address): a body read from the browser's response
    // is lost when the next navigation starts first, which a busy machine made happen (CI flake).
    const loaded = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') loaded.add(response.url());
    });
    for (const [path, title] of PUBLIC_PAGES) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      // Text pages start the app at the first interaction: interact and let it load everything it will.
      await page.mouse.move(20, 20);
      await page.waitForLoadState('networkidle');
    }
    const bodies = await Promise.all(
      [...loaded].map(async (url) => {
        const response = await page.request.get(url);
        expect(response.ok()).toBe(true);
        return { path: new URL(url).pathname, body: await response.text() };
      }),
    );
    expect(bodies.length).toBeGreaterThan(0);
    const workspace: string[] = [];
    for (const script of bodies) {
      const body = script.body;
      // Screen titles only the workspaces render, whatever their chunk is called.
      if (/Admin Dashboard|Provider Dashboard|User Management/.test(body)) workspace.push(script.path);
      if (
        /admin-dashboard|provider-dashboard|users-page|summaries-page|patient-detail|call-summary/.test(script.path)
      ) {
        workspace.push(script.path);
      }
    }
    expect(workspace).toEqual([]);
  });

  it('is keyboard reachable: skip link, logo, Login', async () => {
    const page = await newPage(browser);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Healthcare reimagined' }).waitFor();
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
      });

    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Skip to main content');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('CareLoop home');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Login');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/login');
  });

  it('landing variant 1 has every section, the numbers and e-mail calls to action', async () => {
    const page = await newPage(browser);
    await page.goto('/');
    for (const heading of ['How It Works', 'Features', 'By the numbers', 'Practice economics', 'About CareLoop']) {
      await page.getByRole('heading', { level: 2, name: heading }).waitFor();
    }
    const text = await mainText(page);
    for (const phrase of [
      'Enrolment',
      'AI outreach',
      'Revenue recognition',
      '$40-60',
      'per patient per month',
      '20 minutes',
      '24/7',
      'HIPAA',
      'SOC 2',
      'Free',
      'revenue-share',
    ]) {
      expect(text).toContain(phrase);
    }
    const ctas = await page
      .getByRole('main')
      .locator('a[href^="mailto:"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(ctas.length).toBeGreaterThanOrEqual(2);
    for (const href of ctas) expect(href).toMatch(/^mailto:hello@careloop\.health/);
  });

  it("landing variant 2: 'Get Started Today' scrolls to 'Join our pilot program'", async () => {
    const page = await newPage(browser, { width: 1280, height: 720 });
    await page.goto('/old');
    for (const heading of ['How It Works', 'Core Features', 'Why we built CareLoop']) {
      await page.getByRole('heading', { level: 2, name: heading }).waitFor();
    }
    const coreFeatures = page.locator('section', {
      has: page.getByRole('heading', { level: 2, name: 'Core Features' }),
    });
    expect(await coreFeatures.getByRole('heading', { level: 3 }).count()).toBe(6);
    expect(await page.locator('#how-it-works ol > li').count()).toBe(3);

    const pilot = page.getByRole('heading', { level: 2, name: 'Join our pilot program' });
    expect(await pilot.isVisible()).toBe(true);
    expect(await pilot.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(720);

    await page.getByRole('button', { name: 'Get Started Today' }).click();
    await expect.poll(() => pilot.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(720);
    expect(await pilot.evaluate((el) => el === document.activeElement)).toBe(true);

    const signUp = page.getByRole('link', { name: 'Sign up by email' });
    expect(await signUp.getAttribute('href')).toMatch(/^mailto:hello@careloop\.health/);
  });

  it.each(LEGAL_PAGES)('%s is dated August 20, 2025 and states the SMS terms, consent and 911', async (path) => {
    const page = await newPage(browser);
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const text = await mainText(page);
    expect(text).toContain('August 20, 2025');
    expect(text).toContain('up to 5 messages per month');
    expect(text).toMatch(/\bSTOP\b/);
    expect(text).toMatch(/\bHELP\b/);
    expect(text).toContain('call 911');
    expect(text).toMatch(/consent/i);
    expect(text).not.toMatch(/per week|1-4|1-5 texts/);
  });

  it('/contact gives the mailing address, the support e-mail, SMS hints and the business info', async () => {
    const page = await newPage(browser);
    await page.goto('/contact');
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    const text = await mainText(page);
    expect(text).toMatch(/Wilmington, DE \d{5}/);
    expect(text).toContain('Reply HELP');
    expect(text).toContain('Reply STOP');
    expect(text).toContain('Delaware corporation');
    const support = page.getByRole('main').getByRole('link', { name: 'support@careloop.health' });
    expect(await support.getAttribute('href')).toBe('mailto:support@careloop.health');
    expect(await page.locator('address').count()).toBe(1);
  });
});
