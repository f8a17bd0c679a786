import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_POLICY_MESSAGE } from '../../shared/password-policy';
import { call, invitedPassword, signIn as apiSignIn } from '../support/api';
import { cognitoOf } from '../support/fixtures';
import { spawnStack, type StackInfo } from '../support/spawn-stack';
import { totpCode } from '../support/totp';
import {
  DEMO,
  expectAccessible,
  launchBrowser,
  newPage,
  readOutbox,
  setNewPassword,
  signIn,
  stackUrls,
} from './support/browser';

/**
 * Sign-in identity end to end (product-rules.md "Accounts and sign-in"): self sign-up with the
 * attributes the real app client may write, an operator's temporary password replaced at first
 * sign-in, and two-factor sign-in on a stack started like `npm start -- --mfa`.
 */

const stamp = Date.now();

describe('identity', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs up with first and last name, the attributes the app client may write, and confirms', async () => {
    const email = `identity-signup-${stamp}@clinic.example`;
    const page = await newPage(browser);
    await page.goto('/signup');
    await page.getByLabel('First Name').fill('Iris');
    await page.getByLabel('Last Name').fill('Identity');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Iris-chosen-2026');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Iris-chosen-2026');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Account Created!' }).waitFor();

    // The proxy refuses, as Cognito does, any attribute the client may not write: these were accepted.
    const account = await cognitoOf(stackUrls()).send(
      new AdminGetUserCommand({ UserPoolId: stackUrls().userPoolId, Username: email }),
    );
    const attributes = Object.fromEntries((account.UserAttributes ?? []).map((a) => [a.Name, a.Value]));
    expect(attributes).toMatchObject({ email, given_name: 'Iris', family_name: 'Identity' });
    expect(attributes.name).toBeUndefined();

    const mail = (await readOutbox()).find((message) => message.to === email);
    const link = mail?.links.find((candidate) => candidate.includes('/local/confirm-sign-up'));
    expect(link, `no confirmation link to ${email}`).toBeDefined();
    await page.goto(link!);
    await page.waitForURL('**/login**');
    await signIn(page, email, 'Iris-chosen-2026');
    await page.getByRole('heading', { level: 1, name: 'Account pending' }).waitFor();
  });

  it("replaces the temporary password of Cognito's invitation at first sign-in", async () => {
    const stack = stackUrls();
    const email = `identity-first-${stamp}@sunrise.example`;
    const created = await call(stack, 'POST', '/users', {
      token: await apiSignIn(stack, DEMO.operator),
      body: {
        email,
        first_name: 'Fern',
        last_name: 'First',
        role: 'careloop_employee',
      },
    });
    expect(created.status).toBe(201);
    // Cognito's invitation (local: the outbox) carries the temporary password; nobody typed it.
    const temporary = await invitedPassword(stack, email);

    const page = await newPage(browser);
    await signIn(page, email, temporary);
    await page.getByRole('heading', { level: 1, name: 'Set a new password' }).waitFor();
    await page
      .getByText('At least 12 characters, with upper- and lower-case letters, a number and a symbol.')
      .waitFor();
    await expectAccessible(page);

    await page.getByLabel('New Password', { exact: true }).fill('fern-chosen');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('fern-chosen');
    await page.getByRole('button', { name: 'Set Password' }).click();
    expect(await page.getByRole('alert').textContent()).toContain(PASSWORD_POLICY_MESSAGE);

    await setNewPassword(page, 'Fern-chosen-2026');
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();

    // The temporary password no longer works; the chosen one signs straight in.
    const later = await newPage(browser);
    await signIn(later, email, temporary);
    expect(await later.getByRole('alert').textContent()).toMatch(/incorrect username or password/i);
    await signIn(later, email, 'Fern-chosen-2026');
    await later.waitForURL('**/admin');
  });
});

describe('two-factor sign-in (a stack started with --mfa)', () => {
  let browser: Browser;
  let mfaStack: StackInfo;
  let stopStack: () => Promise<void>;

  beforeAll(async () => {
    browser = await launchBrowser();
    const started = await spawnStack({ portBase: 600, dataDir: '.data/test-e2e-mfa', web: 'static', mfa: true });
    mfaStack = started.info;
    stopStack = started.stop;
  });
  afterAll(async () => {
    await browser?.close();
    await stopStack?.();
  });

  async function mfaPage(): Promise<Page> {
    const context = await browser.newContext({ baseURL: mfaStack.webUrl ?? undefined });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  it('enrols an authenticator with a QR code and a confirming code, then asks for a code at the next sign-in', async () => {
    const page = await mfaPage();
    await signIn(page, DEMO.sunrise);
    await page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' }).waitFor();
    await page.getByRole('img', { name: 'QR code to add CareLoop to your authenticator app' }).waitFor();
    await expectAccessible(page);

    // What a person types into the app when they cannot scan the code.
    const secret = ((await page.getByLabel('Setup key').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const wrong = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    await page.getByLabel('6-digit code').fill(wrong);
    await page.getByRole('button', { name: 'Verify and Sign In' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('That code is not correct.');

    await page.getByLabel('6-digit code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify and Sign In' }).click();
    await page.waitForURL('**/provider');
    await page.getByRole('heading', { name: 'Provider Dashboard' }).waitFor();

    const later = await mfaPage();
    await signIn(later, DEMO.sunrise);
    await later.getByRole('heading', { level: 1, name: 'Two-factor sign-in' }).waitFor();
    await expectAccessible(later);
    await later.getByLabel('6-digit code').fill(wrong);
    await later.getByRole('button', { name: 'Verify', exact: true }).click();
    expect(await later.getByRole('alert').textContent()).toContain('That code is not correct.');
    // The enrolment code was used once already: the next step's code, which the ±1-step window accepts.
    await later.getByLabel('6-digit code').fill(totpCode(secret, Date.now() + 30_000));
    await later.getByRole('button', { name: 'Verify', exact: true }).click();
    await later.waitForURL('**/provider');
    await later.getByRole('heading', { name: 'Provider Dashboard' }).waitFor();
  });
});
