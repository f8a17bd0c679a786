/**
 * Sessions (DECISIONS "Sessions"): a staff session ends after 15 minutes without activity, with a
 * warning a minute before, and its tokens live in the tab, never in localStorage. The page's clock is
 * Playwright's, so the minutes pass at once.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENDED } from '../../web/src/features/auth/components/login-form.utils';
import { AUTH_MESSAGES } from '../../shared/messages';
import { createUser, demoOrganizations, uniqueEmail } from '../support/fixtures';
import { DEMO, expectAccessible, launchBrowser, newPage, signIn, stackUrls } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const cognitoKeys = (page: Page, storage: 'localStorage' | 'sessionStorage') =>
  page.evaluate(
    (name) => Object.keys(window[name]).filter((key) => key.startsWith('CognitoIdentityServiceProvider.')),
    storage,
  );

describe('staff sessions', () => {
  it('warns a minute before 15 idle minutes end the session, stays on request, then signs out to sign in', async () => {
    const page = await newPage(browser);
    await page.clock.install();
    await signIn(page, DEMO.sunrise);
    await page.waitForURL('**/provider');
    await page.getByRole('heading', { level: 1, name: 'Provider Dashboard' }).waitFor();
    expect(await cognitoKeys(page, 'sessionStorage')).not.toEqual([]);
    expect(await cognitoKeys(page, 'localStorage')).toEqual([]);

    const warning = page.getByRole('dialog', { name: 'Are you still there?' });
    await page.clock.fastForward('13:30');
    await page.clock.runFor(1000);
    expect(await warning.count()).toBe(0);

    await page.clock.fastForward('00:31');
    await warning.waitFor();
    await expectAccessible(page);
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    await warning.waitFor({ state: 'hidden' });

    // A minute later the session goes on: staying signed in counted as activity.
    await page.clock.fastForward('01:00');
    expect(await warning.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/provider');

    await page.clock.fastForward('13:10');
    await warning.waitFor();
    await page.clock.fastForward('01:00');
    await page.waitForURL('**/login?ended=idle');
    await page.getByText(SESSION_ENDED.idle).waitFor();
    expect(await cognitoKeys(page, 'sessionStorage')).toEqual([]);

    // The session is over: a workspace sends to sign in.
    await page.goto('/provider');
    await page.waitForURL('**/login**');
  });

  it('keeps activity as activity: a person using the page is never warned', async () => {
    const page = await newPage(browser);
    await page.clock.install();
    await signIn(page, DEMO.operator);
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    for (let minute = 0; minute < 20; minute += 5) {
      await page.clock.fastForward('05:00');
      await page.keyboard.press('Tab');
    }
    await page.clock.runFor(1000);
    expect(await page.getByRole('dialog', { name: 'Are you still there?' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/admin');
  });

  it('an operator suspends an account: its open tab goes to sign in, sign-in is refused, and a restore lets it back', async () => {
    const stack = stackUrls();
    const { sunrise } = await demoOrganizations(stack);
    const email = uniqueEmail('suspended');
    const lastName = `Suspended${Date.now().toString(36)}`;
    await createUser(stack, { email, role: 'provider', provider_id: sunrise, first_name: 'Sam', last_name: lastName });
    // The fixture accepted the invitation: the account signs in with the demo password.
    const nurse = await newPage(browser);
    await signIn(nurse, email);
    await nurse.waitForURL('**/provider');
    await nurse.getByRole('heading', { level: 1, name: 'Provider Dashboard' }).waitFor();

    const operator = await newPage(browser);
    await signIn(operator, DEMO.operator);
    await operator.waitForURL('**/admin');
    await operator.goto('/admin/users');
    await operator.getByLabel('Search users').fill(email);
    const name = `Sam ${lastName}`;
    await operator.getByRole('button', { name: `Suspend ${name}` }).click();
    const dialog = operator.getByRole('dialog', { name: 'Suspend User' });
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await operator.getByText('Suspended', { exact: true }).waitFor();
    await expectAccessible(operator);

    // The open tab's next request is refused: the session ends and sign-in is asked for.
    await nurse.getByRole('link', { name: /New Summaries/ }).click();
    await nurse.waitForURL('**/login**');
    await signIn(nurse, email);
    await nurse.getByText(AUTH_MESSAGES.accountDisabled).waitFor();

    await operator.getByRole('button', { name: `Restore ${name}` }).click();
    const restore = operator.getByRole('dialog', { name: 'Restore User' });
    await restore.getByRole('button', { name: 'Restore', exact: true }).click();
    await restore.waitFor({ state: 'hidden' });
    await operator.getByRole('button', { name: `Suspend ${name}` }).waitFor();

    await signIn(nurse, email);
    await nurse.waitForURL('**/provider');
  });
});
