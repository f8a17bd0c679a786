import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject, onTestFinished } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../lambdas/local/demo-data';
import type { OutboxMessage } from '../../../lambdas/local/outbox';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../scripts/chromium';
import { keepJournal } from './page-journal';

export const DEMO = { ...DEMO_ACCOUNTS, password: DEMO_PASSWORD } as const;

export const stackUrls = () => inject('stack');

/** Debian's Chromium, headless, with the flags this sandbox needs (no downloaded browser). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
}

/**
 * A page in a fresh browser context (its own cookies and storage). A page opened by a test closes
 * with its context when the test ends, unless `keep` says a later test of the file uses it: the app
 * polls (calls, texts, call lines, the idle timer) and a page left open keeps rendering and asking
 * the stack, beside every test after it. A page opened by a hook lives until its browser closes.
 */
export async function newPage(
  browser: Browser,
  options: { width?: number; height?: number; keep?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: stackUrls().webUrl ?? undefined,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  if (!options.keep) closeWithTest(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  keepJournal(page);
  return page;
}

/** Closes the context when the running test ends; outside a test (a hook), vitest refuses the hook. */
function closeWithTest(context: BrowserContext) {
  try {
    onTestFinished(() => context.close());
  } catch {
    // Opened by a hook: it lives as long as its browser.
  }
}

/** Signs in through the real /login form of the web app. */
export async function signIn(page: Page, email: string, password: string = DEMO.password) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * The first sign-in of an account an operator created (sign in with `signIn` first): the temporary
 * password is replaced on 'Set a new password'.
 */
export async function setNewPassword(page: Page, password: string) {
  await page.getByRole('heading', { level: 1, name: 'Set a new password' }).waitFor();
  await page.getByLabel('New Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm New Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Set Password' }).click();
}

/**
 * Waits until opening transitions have run: dialogs fade in from opacity 0, notifications slide in.
 * Endless animations (a loader's spin) never finish and change nothing: they are not waited for.
 */
async function transitionsDone(page: Page) {
  await page.evaluate(() => ((window as { settledPolls?: number }).settledPolls = 0));
  await page.waitForFunction(
    () => {
      // A dialog is shown in full once it and every element around it are opaque (a transition may
      // not have started yet, or may run on a wrapper).
      const opaque = (el: Element | null): boolean =>
        !el || (getComputedStyle(el).opacity === '1' && opaque(el.parentElement));
      const fading = [...document.querySelectorAll('[role="dialog"], .mantine-Modal-inner, .mantine-Modal-content')];
      const still =
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity) &&
        fading.every(opaque);
      // Settled on three polls in a row: a dialog about to open is briefly hidden, with nothing running yet.
      const w = window as { settledPolls?: number };
      w.settledPolls = still ? (w.settledPolls ?? 0) + 1 : 0;
      return w.settledPolls >= 3;
    },
    undefined,
    { timeout: 5000, polling: 100 },
  );
}

/** Fails on any serious or critical axe violation, naming the rule and the elements. */
export async function expectAccessible(page: Page) {
  // Colours are only final once opening transitions have run.
  await transitionsDone(page);
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    // Each element with axe's reason (for contrast: the colours and the ratio found).
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} [${n.html.slice(0, 120)}] ${n.failureSummary ?? ''}`).join(', ')}`,
    );
  expect(blocking, `axe violations on ${page.url()}`).toEqual([]);
}

export async function readOutbox(apiUrl: string = stackUrls().apiUrl): Promise<OutboxMessage[]> {
  const res = await fetch(`${apiUrl}/local/outbox`);
  return ((await res.json()) as { messages: OutboxMessage[] }).messages;
}

/**
 * Fails when the page scrolls sideways once its transitions have run, naming the elements that
 * stick out past the viewport's right edge.
 */
export async function expectNoSidewaysScroll(page: Page) {
  await transitionsDone(page);
  const sticking = () =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth <= width) return [];
      return [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > width + 1)
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    });
  await expect.poll(sticking, { message: `sideways scrolling on ${page.url()}`, timeout: 5000 }).toEqual([]);
}
