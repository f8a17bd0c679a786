import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, expectAccessible, launchBrowser, newPage, signIn, stackUrls } from './support/browser';

/** product-rules.md "Screens" route table and shared layout, in a real browser against the local stack. */

const ADMIN_PATHS = [
  '/admin',
  '/admin/providers',
  '/admin/providers/any-provider',
  '/admin/users',
  '/admin/summaries',
  '/admin/patients/any-patient',
];
const PROVIDER_PATHS = ['/provider', '/provider/summaries', '/provider/patients/any-patient'];

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

async function expectPath(page: Page, path: string) {
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
  expect(pathOf(page)).toBe(path);
}

async function fillSignIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('route table and layout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends a signed-out visitor of every protected route to /login', async () => {
    const page = await newPage(browser);
    for (const path of [...ADMIN_PATHS, ...PROVIDER_PATHS]) {
      await page.goto(path);
      await expectPath(page, '/login');
      await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    }
  });

  it('sends a signed-out summary-link visitor to /login?redirect=/summary/{token}, then back after sign-in', async () => {
    const page = await newPage(browser);
    await page.goto('/summary/e2e-token-123');
    await expectPath(page, '/login?redirect=/summary/e2e-token-123');

    await fillSignIn(page, DEMO.sunrise);

    await expectPath(page, '/summary/e2e-token-123');
    await page.getByRole('heading', { level: 1, name: 'Call Summary' }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
  });

  it.each(['//evil.example/steal', 'https://evil.example/steal', '/\\evil.example', 'javascript:alert(1)'])(
    'ignores the unsafe ?redirect=%s and goes home',
    async (target) => {
      const page = await newPage(browser);
      await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
      await fillSignIn(page, DEMO.sunrise);
      await expectPath(page, '/provider');
      expect(new URL(page.url()).origin).toBe(new URL(stackUrls().webUrl ?? '').origin);
    },
  );

  it('sends any other path to /', async () => {
    const page = await newPage(browser);
    await page.goto('/no/such/page');
    await expectPath(page, '/');
    await page.getByRole('heading', { level: 1, name: 'Healthcare reimagined' }).waitFor();
  });

  it('routes the operator: home /admin, provider routes and sign-in pages back to /admin, then signs out to /', async () => {
    const page = await newPage(browser);
    await signIn(page, DEMO.operator);
    await expectPath(page, '/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await page.getByText('CareLoop Employee', { exact: true }).waitFor();

    const header = page.getByRole('banner');
    await header.getByText(DEMO.operator).waitFor();
    await expectAccessible(page);

    for (const path of ['/', '/login', '/signup', ...PROVIDER_PATHS]) {
      await page.goto(path);
      await expectPath(page, '/admin');
    }
    for (const path of ADMIN_PATHS.slice(1)) {
      await page.goto(path);
      await expectPath(page, path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    }

    await header.getByRole('button', { name: 'Sign Out' }).click();
    await expectPath(page, '/');
    await page.getByRole('heading', { level: 1, name: 'Healthcare reimagined' }).waitFor();
    await header.getByRole('link', { name: 'Login' }).waitFor();
    expect(await header.getByText(DEMO.operator).count()).toBe(0);

    await page.goto('/admin');
    await expectPath(page, '/login');
  });

  it("answers a record URL that cannot exist with the spec's Not Found page, not an error to retry", async () => {
    const page = await newPage(browser);
    await signIn(page, DEMO.operator);
    await expectPath(page, '/admin');
    for (const [path, title] of [
      ['/admin/providers/does-not-exist-123', 'Provider Not Found'],
      ['/admin/patients/does-not-exist-123', 'Patient Not Found'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.getByRole('button', { name: /try again/i }).count()).toBe(0);
      expect(await page.getByText(/Invalid (provider|patient) id/).count()).toBe(0);
      await expectAccessible(page);
    }
  });

  it('routes provider staff: home /provider, admin routes back to /provider', async () => {
    const page = await newPage(browser);
    await signIn(page, DEMO.lakeside);
    await expectPath(page, '/provider');
    await page.getByRole('heading', { level: 1, name: 'Provider Dashboard' }).waitFor();
    await page.getByRole('banner').getByText(DEMO.lakeside).waitFor();
    await expectAccessible(page);

    for (const path of ['/', '/login', ...ADMIN_PATHS]) {
      await page.goto(path);
      await expectPath(page, '/provider');
    }
    for (const path of PROVIDER_PATHS.slice(1)) {
      await page.goto(path);
      await expectPath(page, path);
    }
  });

  it('shows a spinner while the session loads, and the provider dashboard at once from the stored session', async () => {
    const page = await newPage(browser);
    await signIn(page, DEMO.sunrise);
    await expectPath(page, '/provider');

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/me', async (route) => {
      await held;
      // A navigation may have dropped the request meanwhile.
      await route.continue().catch(() => undefined);
    });
    await page.goto('/provider/billing');
    await page.getByRole('status').getByLabel('Loading').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);

    // The dashboard paints from the stored token's role while the profile loads; the practice's
    // name comes with the profile.
    await page.goto('/provider');
    await page.getByRole('heading', { level: 1, name: 'Provider Dashboard' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Worklist' }).waitFor();
    expect(await page.getByText('Sunrise Family Medicine').count()).toBe(0);

    release();
    await page.getByText('Sunrise Family Medicine').waitFor();
  });

  it('paints the dashboard from an expired stored token while Amplify refreshes it; a session that is over goes to sign in', async () => {
    const page = await newPage(browser);
    await signIn(page, DEMO.sunrise);
    await expectPath(page, '/provider');
    await page.getByRole('heading', { level: 2, name: 'Worklist' }).waitFor();

    // Amplify's clock drift makes the stored ID token look expired: ID tokens live minutes, a
    // returning user's is usually past its time. It is written as the next page starts, before the
    // app's scripts: written into the open dashboard, its next poll would refresh the tokens before
    // the routes below are in place.
    const storeSessionAtNextLoad = (entries: Record<string, string>) =>
      page.addInitScript((values) => {
        for (const key of Object.keys(sessionStorage)) {
          for (const [suffix, value] of Object.entries(values)) {
            if (key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith(suffix))
              sessionStorage.setItem(key, value);
          }
        }
      }, entries);
    await storeSessionAtNextLoad({ '.clockDrift': String(24 * 60 * 60 * 1000) });
    // Where the page was, and what it showed, when a step below times out.
    const shown = async <T>(step: Promise<T>): Promise<T> =>
      step.catch(async (error: unknown) => {
        const text = await page
          .locator('body')
          .innerText()
          .catch(() => '(unreadable)');
        throw new Error(`${String(error)}\nat ${page.url()} the page showed:\n${text.slice(0, 600)}`);
      });

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const refreshes: string[] = [];
    await page.route(`${stackUrls().cognitoUrl}/**`, async (route) => {
      // Amplify refreshes with GetTokensFromRefreshToken (the proxy answers it: cognito-local.ts).
      if (/RefreshToken/i.test(route.request().headers()['x-amz-target'] ?? '')) {
        refreshes.push(route.request().url());
        await held;
      }
      await route.continue().catch(() => undefined);
    });
    await page.goto('/provider');
    await shown(page.getByRole('heading', { level: 1, name: 'Provider Dashboard' }).waitFor());
    // The first data request asks Amplify for a token; on a busy machine that comes after the early paint by more than a second.
    await expect.poll(() => refreshes.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.getByText('Sunrise Family Medicine').count()).toBe(0);

    release();
    await shown(page.getByText('Sunrise Family Medicine').waitFor());
    await page.getByRole('heading', { level: 2, name: 'Worklist' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);

    // A refresh token the user pool refuses: the session is over, and nothing shows the refusal.
    // (The clock drift is written again too: the refresh stored Amplify's own.)
    await storeSessionAtNextLoad({ '.refreshToken': 'revoked' });
    await page.goto('/provider');
    await expectPath(page, '/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('hides the header and footer on /call/{token} and keeps the main landmark', async () => {
    const page = await newPage(browser);
    await page.goto('/call/e2e-token-123');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    expect(await page.getByRole('main').count()).toBe(1);
    await expectAccessible(page);
  });

  it.each(['/call/', '/summary/'])(
    "says 'Invalid magic link - no token provided' at %s instead of sending the visitor away",
    async (path) => {
      const page = await newPage(browser);
      await page.goto(path);
      await page.getByText('Invalid magic link - no token provided').waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      await expectAccessible(page);
    },
  );

  it('shows the shared header and footer elsewhere, with working footer links', async () => {
    const page = await newPage(browser);
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByText(/© \d{4} CareLoop, Inc\. All rights reserved\./).waitFor();
    await footer.getByText(/Delaware corporation/).waitFor();
    for (const [name, path] of [
      ['Contact', '/contact'],
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
      ['SMS Policy', '/sms-policy'],
    ] as const) {
      await footer.getByRole('link', { name, exact: true }).click();
      await expectPath(page, path);
    }
    await page.getByRole('banner').getByRole('link', { name: 'CareLoop home' }).click();
    await expectPath(page, '/');
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await expectPath(page, '/login');
  });
});
