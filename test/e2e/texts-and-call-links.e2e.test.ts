import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallLogSummary, PatientCallsResponse } from '../../shared/calls';
import type { DashboardStats, Patient, ProviderOrganization } from '../../shared/domain';
import {
  CALL_LINK_MESSAGES,
  SMS_REPLIES,
  TEXT_FOOTER,
  TEXT_MESSAGES,
  defaultCheckInText,
  type PatientTextsResponse,
} from '../../shared/texts';
import { call } from '../support/api';
import {
  createCallablePatient,
  demoOrganizations,
  eventually,
  expectStatus,
  operatorToken,
  organizationOf,
  sunriseToken,
  timeZoneAtHour,
} from '../support/fixtures';
import {
  DEMO,
  expectAccessible,
  expectNoSidewaysScroll,
  launchBrowser,
  newPage,
  readOutbox,
  signIn,
  stackUrls,
} from './support/browser';

/**
 * Patient texts and call links on the seeded local stack (product-rules.md "Texts"):
 * a Sunrise nurse makes a call link and copies it, the patient opens it (a call is placed, then
 * "on its way" within 15 minutes, from any of the patient's links), a bogus link is refused; the nurse texts the patient with a
 * call link (the Twilio simulator delivers it to the local outbox), the patient asks to be called
 * back and then replies STOP through the outbox's reply route (a signed inbound webhook).
 *
 * The patient is enrolled here, so their texts and calls are only this file's. The voice simulator
 * picks a call's ending by the number's last digit: 7 is a normal, completed check-in.
 */
describe('texts and call links: patient page, /call/{token}, opt-out', () => {
  let browser: Browser;
  let nurse: Page;
  let patient: Patient;
  let nurseToken: string;
  let copiedLink = '';
  let sunrise: ProviderOrganization | undefined;
  const stack = stackUrls();
  /** Sets Sunrise's time zone (an operator's edit of the practice, every other field as it is). */
  const setSunriseTimeZone = async (organization: ProviderOrganization, timezone: string) =>
    expectStatus(
      await call(stack, 'PUT', `/providers/${organization.id}`, {
        token: await operatorToken(stack),
        body: {
          name: organization.name,
          address: organization.address,
          telephone: organization.telephone,
          office_email: organization.office_email,
          timezone,
        },
      }),
      200,
    );
  const patientName = () => `${patient.first_name} ${patient.last_name}`;
  const section = () => nurse.getByRole('region', { name: 'Text Messages', exact: true });
  const history = () => nurse.getByRole('region', { name: 'Message history', exact: true });

  /** A visitor with no session, as a patient opening a link from a text. */
  const visitor = () => newPage(browser, { width: 375, height: 800 });
  const pathOf = (link: string) => {
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  };
  const texts = async () =>
    expectStatus(
      await call<PatientTextsResponse>(stack, 'GET', `/patients/${patient.id}/texts`, { token: nurseToken }),
      200,
    );
  const calls = async () =>
    expectStatus(
      await call<PatientCallsResponse>(stack, 'GET', `/patients/${patient.id}/calls`, { token: nurseToken }),
      200,
    ).history.items;
  /** A link places a call only when none is running (one call at a time per patient). */
  const noCallRunning = async () => {
    const running = (history: CallLogSummary[]) =>
      history.filter((c) => c.status === 'queued' || c.status === 'in_progress');
    expect(running(await eventually(calls, (history) => running(history).length === 0))).toEqual([]);
  };

  /** "The patient" texts back the practice's number that texted them: the Twilio simulator posts a signed inbound webhook. */
  const replyAsPatient = async (body: string) => {
    const texted = (await readOutbox()).find((m) => m.channel === 'sms' && m.to === patient.phone_number);
    expect(texted?.from, 'the number that texted the patient').toBeDefined();
    const res = await fetch(`${stack.apiUrl}/local/outbox/reply`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ from: patient.phone_number, to: texted?.from, body }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as { status: number | null; reply: string | null; errorCode: number | null };
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    const orgs = await demoOrganizations(stack);
    // Links place calls only during the calling hours in the practice's time zone: Sunrise's is moved
    // to one inside them for this file, whatever time it runs, and put back after.
    sunrise = await organizationOf(stack, orgs.sunrise);
    await setSunriseTimeZone(sunrise, timeZoneAtHour(13));
    nurseToken = await sunriseToken(stack);
    patient = await createCallablePatient(stack, orgs.sunrise, 7, nurseToken);
    // Phone-sized: the nurse's whole flow must work at 375 px.
    nurse = await newPage(browser, { width: 375, height: 800 });
    await nurse.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.webUrl ?? '' });
    await signIn(nurse, DEMO.sunrise);
    await nurse.getByRole('heading', { name: 'Provider Dashboard' }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    if (sunrise) await setSunriseTimeZone(sunrise, sunrise.timezone);
  });

  it('shows the Text Messages section: usage, the prefilled check-in text and an empty history', async () => {
    await nurse.goto(`/provider/patients/${patient.id}`);
    await nurse.getByRole('heading', { level: 1, name: patientName() }).waitFor();
    await history().getByText('No text messages yet', { exact: true }).waitFor();
    await section().getByText('0 of 5 texts sent this month', { exact: true }).waitFor();
    const message = section().getByRole('textbox', { name: 'Message' });
    expect(await message.inputValue()).toBe(defaultCheckInText(patient.first_name, 'Sunrise Family Medicine'));
    expect(await section().getByRole('button', { name: 'Send Text' }).isEnabled()).toBe(true);
    await expectNoSidewaysScroll(nurse);
    await expectAccessible(nurse);
  });

  it("creates a call link in the magic-link modal; Copy confirms with 'Link copied' for 2 s", async () => {
    await nurse.getByRole('button', { name: 'Call Link', exact: true }).click();
    const modal = nurse.getByRole('dialog', { name: `Call Link for ${patientName()}` });
    const field = modal.getByRole('textbox', { name: 'Call link' });
    await field.waitFor();
    const link = await field.inputValue();
    expect(link.startsWith(`${stack.webUrl}/call/`)).toBe(true);
    expect(await field.getAttribute('readonly')).not.toBeNull();
    await modal.getByText(/^Valid for 7 days, until /).waitFor();
    await expectAccessible(nurse);

    await modal.getByRole('button', { name: 'Copy', exact: true }).click();
    await modal.getByText(TEXT_MESSAGES.linkCopied, { exact: true }).waitFor();
    await modal.getByRole('button', { name: 'Copied!', exact: true }).waitFor();
    expect(await nurse.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expectAccessible(nurse);
    await modal.getByText(TEXT_MESSAGES.linkCopied, { exact: true }).waitFor({ state: 'detached', timeout: 4000 });
    await modal.getByRole('button', { name: 'Copy', exact: true }).waitFor();

    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    await modal.waitFor({ state: 'hidden' });
    copiedLink = link;
  });

  it("opens the link signed out: 'Validating your link...', then 'CareLoop is Calling You' and a call is placed", async () => {
    const page = await visitor();
    // Hold the answer to see (and check) the validating state.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/call-links/**', async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto(pathOf(copiedLink));
    await page.getByRole('heading', { level: 1, name: CALL_LINK_MESSAGES.validating }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    await expectAccessible(page);
    release();

    await page.getByRole('heading', { level: 1, name: 'CareLoop is Calling You' }).waitFor();
    await page.getByText(CALL_LINK_MESSAGES.answerPhone, { exact: true }).waitFor();
    expect(await page.getByText(CALL_LINK_MESSAGES.onItsWay).count()).toBe(0);
    // Nothing about the patient is shown to whoever holds the link.
    expect(await page.getByText(patient.last_name).count()).toBe(0);
    expect(await page.getByText(patient.phone_number ?? '—').count()).toBe(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    const placed = await eventually(calls, (history) => history.some((c) => c.kind === 'link'));
    expect(placed.filter((c) => c.kind === 'link')).toHaveLength(1);
    await page.close();
  });

  it('says the call is on its way when the link is opened again within 15 minutes', async () => {
    const page = await visitor();
    await page.goto(pathOf(copiedLink));
    await page.getByRole('heading', { level: 1, name: 'CareLoop is Calling You' }).waitFor();
    await page.getByText(CALL_LINK_MESSAGES.onItsWay, { exact: true }).waitFor();
    await expectAccessible(page);
    expect((await calls()).filter((c) => c.kind === 'link')).toHaveLength(1);
    await page.close();
  });

  it("refuses a bogus link with 'Link Invalid' and the default text; 'Go to Homepage' goes to /", async () => {
    const page = await visitor();
    await page.goto(`/call/${'A'.repeat(43)}`);
    await page.getByRole('heading', { level: 1, name: CALL_LINK_MESSAGES.invalidTitle }).waitFor();
    await page.getByText(CALL_LINK_MESSAGES.invalidDefault, { exact: true }).waitFor();
    expect(await page.getByText(/Calling You/).count()).toBe(0);
    await expectAccessible(page);

    await page.getByRole('link', { name: CALL_LINK_MESSAGES.goHome }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.close();
  });

  it('sends a text with a call link: it shows in the history, is delivered, and the outbox has it with a working link', async () => {
    await noCallRunning();
    await section().getByRole('checkbox', { name: 'Include a call link' }).check();
    await section().getByRole('button', { name: 'Send Text' }).click();
    await section().getByText(TEXT_MESSAGES.sent, { exact: true }).waitFor();
    await section().getByText('1 of 5 texts sent this month', { exact: true }).waitFor();

    const sent = history().getByRole('listitem').first();
    await sent.getByText('Call link included', { exact: true }).waitFor();
    expect(await sent.textContent()).toContain(defaultCheckInText(patient.first_name, 'Sunrise Family Medicine'));
    expect(await sent.textContent()).toContain('by Nora Ellis');
    // Twilio's status callbacks arrive after the answer; the section refreshes every 10 s.
    await sent.getByText('Delivered', { exact: true }).waitFor({ timeout: 25_000 });
    // The confirmation clears itself after 3 s.
    await section().getByText(TEXT_MESSAGES.sent, { exact: true }).waitFor({ state: 'detached', timeout: 5000 });
    await expectAccessible(nurse);

    const outbox = await readOutbox();
    const text = outbox.find((m) => m.channel === 'sms' && m.to === patient.phone_number);
    expect(text, 'the text in the local outbox').toBeDefined();
    expect(text?.body.startsWith(defaultCheckInText(patient.first_name, 'Sunrise Family Medicine'))).toBe(true);
    expect(text?.body.endsWith(TEXT_FOOTER)).toBe(true);
    const link = text?.links.find((l) => l.startsWith(`${stack.webUrl}/call/`));
    expect(link, 'a /call/ link in the text').toBeDefined();

    const page = await visitor();
    await page.goto(pathOf(link ?? ''));
    await page.getByRole('heading', { level: 1, name: 'CareLoop is Calling You' }).waitFor();
    await page.getByText(CALL_LINK_MESSAGES.answerPhone, { exact: true }).waitFor();
    // The copied link placed this patient's call minutes ago: one call per patient per 15 minutes,
    // whichever of their links is opened.
    await page.getByText(CALL_LINK_MESSAGES.onItsWay, { exact: true }).waitFor();
    expect((await calls()).filter((c) => c.kind === 'link')).toHaveLength(1);
    await page.close();
  });

  it('shows a reply asking for a call back as an open callback request; Mark handled resolves it', async () => {
    const statsOf = async () =>
      expectStatus(await call<DashboardStats>(stack, 'GET', '/dashboard-stats', { token: nurseToken }), 200);
    const before = (await statsOf()).callbackRequests;

    const answer = await replyAsPatient('Could someone call me about my new blood pressure pills?');
    expect(answer).toMatchObject({ status: 200, reply: SMS_REPLIES.callback, errorCode: null });
    expect((await statsOf()).callbackRequests).toBe(before + 1);

    const request = history().getByRole('listitem').filter({ hasText: 'Callback request' });
    await request.getByText('Could someone call me about my new blood pressure pills?').waitFor({ timeout: 15_000 });
    await section().getByText('1 open callback request', { exact: true }).waitFor();
    await expectAccessible(nurse);

    await request.getByRole('button', { name: /^Mark handled/ }).click();
    await request.getByText(/^Handled by Nora Ellis on /).waitFor();
    expect(await request.getByRole('button', { name: /^Mark handled/ }).count()).toBe(0);
    expect((await texts()).open_callback_requests).toBe(0);
    expect((await statsOf()).callbackRequests).toBe(before);
  });

  it('shows the callback requests on the provider dashboard', async () => {
    const page = await newPage(browser);
    await signIn(page, DEMO.sunrise);
    await page.getByRole('heading', { name: 'Provider Dashboard' }).waitFor();
    const { callbackRequests } = expectStatus(
      await call<DashboardStats>(stack, 'GET', '/dashboard-stats', { token: nurseToken }),
      200,
    );
    const tile = page.getByText('Callback Requests', { exact: true }).locator('..');
    await tile.getByText(String(callbackRequests), { exact: true }).waitFor();
    await expectAccessible(page);
    await page.close();
  });

  it('an inbound STOP opts the patient out: the next send is refused with the opt-out text, and the page shows the opt-out', async () => {
    // Hold the section's refreshes so the page still offers the form when the send goes out.
    const textsUrl = (url: URL) => url.pathname.endsWith(`/patients/${patient.id}/texts`);
    await nurse.route(textsUrl, (route) => (route.request().method() === 'GET' ? route.abort() : route.fallback()));

    const answer = await replyAsPatient('STOP');
    expect(answer).toMatchObject({ status: 200, reply: SMS_REPLIES.stop, errorCode: null });
    expect(await texts()).toMatchObject({ opted_out: true });

    await section().getByRole('button', { name: 'Send Text' }).click();
    const refusal = section().getByRole('alert');
    await refusal.getByText(TEXT_MESSAGES.optedOut, { exact: true }).waitFor();
    await nurse.unroute(textsUrl);

    await section().getByText('Opted out of text messages', { exact: true }).waitFor({ timeout: 20_000 });
    await section().getByText('Opted out', { exact: true }).waitFor();
    expect(await section().getByRole('button', { name: 'Send Text' }).isDisabled()).toBe(true);
    expect(await section().getByRole('textbox', { name: 'Message' }).isDisabled()).toBe(true);
    await history().getByText('Opted out (STOP)', { exact: true }).waitFor();
    // The refusal clears itself after 5 s.
    await refusal.waitFor({ state: 'detached', timeout: 8000 });
    await expectAccessible(nurse);

    expect((await texts()).sent_this_month).toBe(1);
  });
});
