import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CALL_MESSAGES } from '../../shared/call-messages';
import {
  SIMULATED_CALL_ERROR,
  SIMULATED_FAILURES,
} from '../../web/src/features/web-call/sources/simulated-web-call-source';
import { DEMO, expectAccessible, launchBrowser, newPage, signIn } from './support/browser';

const WEB_CALL_ROUTE = '**/patients/*/web-call';
const ORGANIZATION = 'Sunrise Family Medicine';

/**
 * The web-call widget on the seeded local stack, whose runtime configuration selects the simulated
 * call source (`voiceSdk: 'simulated'`): a Sunrise nurse opens a patient, starts a web call in the
 * popup (the server creates it; the popup joins the voice simulator's room by its URL) and walks it
 * through every state; the call then appears in Call History with its transcript; then the ways it
 * fails.
 *
 * The widget's timers run in the opener, so the first test drives the opener's clock (Playwright's
 * fake clock, paused) and sees every state however busy the machine is. Axe needs running timers in
 * the popup, so the accessibility checks run with the clock running, on states that stay put.
 */
describe('web call widget', () => {
  let browser: Browser;
  let nurse: Page;
  let patientPath = '';
  let patientName = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    nurse = await newPage(browser);
    await nurse.clock.install();
    await signIn(nurse, DEMO.sunrise);
    await nurse.getByRole('heading', { name: 'Provider Dashboard' }).waitFor();
    const firstPatient = nurse.getByRole('link', { name: /^View / }).first();
    patientName = ((await firstPatient.getAttribute('aria-label')) ?? '').replace(/^View /, '');
    expect(patientName).not.toBe('');
    await firstPatient.click();
    await nurse.getByRole('heading', { level: 1, name: patientName }).waitFor();
    patientPath = new URL(nurse.url()).pathname;
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    // A test that failed half-way must not leave the clock stopped for the next one.
    await nurse.clock.resume();
    await nurse.unrouteAll({ behavior: 'ignoreErrors' });
    for (const page of nurse.context().pages()) if (page !== nurse) await page.close();
  });

  /** Clicks Web Call and returns the popup it opens. */
  async function openWidget(): Promise<Page> {
    const [popup] = await Promise.all([
      nurse.context().waitForEvent('page'),
      nurse.getByRole('button', { name: 'Web Call' }).click(),
    ]);
    popup.setDefaultTimeout(15_000);
    return popup;
  }

  /** The opener's clock, moved 100 ms at a time until the popup's status reads `text`; returns the time taken. */
  async function runUntilStatus(popup: Page, text: string, maxMs = 20_000): Promise<number> {
    for (let elapsed = 0; elapsed <= maxMs; elapsed += 100) {
      if ((await popup.getByRole('status').innerText()) === text) return elapsed;
      await nurse.clock.runFor(100);
    }
    throw new Error(`The status never read '${text}'; it reads '${await popup.getByRole('status').innerText()}'`);
  }

  it('walks a call from Ready to call to its end, with the mute toggle, and closes the popup 2 s later', async () => {
    const fakeNow = await nurse.evaluate(() => Date.now());
    await nurse.clock.pauseAt(fakeNow + 1000);

    const popup = await openWidget();
    expect(popup.viewportSize()).toEqual({ width: 400, height: 600 });
    await nurse.clock.runFor(100);
    const status = popup.getByRole('status');
    await status.filter({ hasText: CALL_MESSAGES.widgetReady }).waitFor();
    expect(await popup.title()).toBe(`Web Call: ${patientName}`);
    await popup.getByText(ORGANIZATION, { exact: true }).waitFor();
    await popup.getByText(`Patient: ${patientName}`).waitFor();
    expect(await popup.getByRole('alert').isVisible()).toBe(false);
    expect(await popup.getByRole('button', { name: 'Mute' }).isDisabled()).toBe(true);

    await nurse.clock.runFor(499);
    expect(await status.innerText()).toBe(CALL_MESSAGES.widgetReady);
    await nurse.clock.runFor(1);
    await status.filter({ hasText: 'Connecting...' }).waitFor();

    await runUntilStatus(popup, 'Connected');
    expect(await popup.locator('.wc-orb').getAttribute('data-state')).toBe('connected');
    await runUntilStatus(popup, 'Assistant speaking...');
    expect(await popup.locator('.wc-orb').getAttribute('data-state')).toBe('speaking');
    // The greeting lasts 2 s; listening is declared after 1 s of silence.
    expect(await runUntilStatus(popup, 'Listening...')).toBeGreaterThanOrEqual(2000);
    expect(await popup.locator('.wc-orb').getAttribute('data-state')).toBe('listening');

    const mute = popup.getByRole('button', { name: 'Mute' });
    await mute.click();
    expect(await mute.getAttribute('aria-pressed')).toBe('true');
    await mute.click();
    expect(await mute.getAttribute('aria-pressed')).toBe('false');

    await runUntilStatus(popup, 'Assistant speaking...');

    await popup.getByRole('button', { name: 'End Call' }).click();
    await status.filter({ hasText: 'Call ended' }).waitFor();
    await nurse.clock.runFor(1900);
    expect(popup.isClosed()).toBe(false);
    const closed = popup.waitForEvent('close');
    await nurse.clock.runFor(100);
    await closed;

    expect(new URL(nurse.url()).pathname).toBe(patientPath);
  });

  it('shows the web call in Call History with its transcript, as the server recorded it', async () => {
    await nurse.clock.resume();
    await nurse.reload();
    const history = nurse.getByRole('region', { name: 'Call History' });
    const latest = history.getByRole('listitem').first();
    await latest.getByText(/^Web call/).waitFor();
    await latest.getByText('Completed', { exact: true }).waitFor();

    await latest.getByRole('button', { name: /^Transcript/ }).click();
    const transcript = nurse.getByRole('dialog', { name: 'Call Transcript' });
    const turns = transcript.getByRole('listitem');
    await turns.first().waitFor();
    const speakers = (await turns.allInnerTexts()).map((turn) => turn.split('\n')[0]);
    expect(new Set(speakers)).toEqual(new Set(['Assistant', 'Patient']));
    await transcript.getByRole('button', { name: 'Close dialog' }).click();
    await transcript.waitFor({ state: 'hidden' });
  });

  it("shows 'Error occurred' and the reason when the call drops, in an accessible popup", async () => {
    await nurse.route(WEB_CALL_ROUTE, async (route) => {
      const response = await route.fetch();
      const created = (await response.json()) as { webCallUrl: string };
      created.webCallUrl += SIMULATED_FAILURES.errorDuringCall;
      await route.fulfill({ response, json: created });
    });

    const popup = await openWidget();

    await popup.getByRole('status').filter({ hasText: 'Assistant speaking...' }).waitFor();
    await popup.getByRole('status').filter({ hasText: CALL_MESSAGES.widgetErrorStatus }).waitFor();
    expect(await popup.getByRole('alert').innerText()).toBe(SIMULATED_CALL_ERROR);
    expect(await popup.locator('.wc-orb').getAttribute('data-state')).toBe('error');
    await expectAccessible(popup);

    const closed = popup.waitForEvent('close');
    // The button closes its own window, which may happen before Playwright hears the click end.
    await popup
      .getByRole('button', { name: 'Close' })
      .click()
      .catch((error: unknown) => {
        if (!popup.isClosed()) throw error;
      });
    await closed;
  });

  it("shows the backend's reason when the call cannot be set up", async () => {
    // A real answer's headers (CORS) with a failure in place of its body; the patient's call list is
    // read for them, so no call is created.
    await nurse.route(WEB_CALL_ROUTE, async (route) => {
      const response = await route.fetch({
        method: 'GET',
        url: route
          .request()
          .url()
          .replace(/\/web-call$/, '/calls'),
      });
      await route.fulfill({
        response,
        status: 503,
        json: { error: CALL_MESSAGES.voiceServiceUnavailable, code: 'voice.unavailable' },
      });
    });

    const popup = await openWidget();

    await popup.getByRole('status').filter({ hasText: CALL_MESSAGES.widgetStartFailed }).waitFor();
    expect(await popup.getByRole('alert').innerText()).toBe(CALL_MESSAGES.voiceServiceUnavailable);
    await expectAccessible(popup);
  });

  it('explains in the page when the browser blocks the popup', async () => {
    await nurse.evaluate(() => {
      window.open = () => null;
    });

    await nurse.getByRole('button', { name: 'Web Call' }).click();

    const dialog = nurse.getByRole('dialog', { name: 'Pop-up blocked' });
    await dialog.getByText('Allow pop-ups for this site').waitFor();
    await expectAccessible(nurse);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await nurse.reload();
    await nurse.getByRole('heading', { level: 1, name: patientName }).waitFor();
  });
});
