import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoWriteCommitter } from '../../lambdas/platform/dynamodb/committer';
import { createSummaryLink } from '../../lambdas/kernel/links';
import type { SummaryDetailResponse } from '../../shared/summaries';
import { SUMMARY_LINK_MESSAGES } from '../../shared/summary-link';
import { call } from '../support/api';
import {
  createCallablePatient,
  demoOrganizations,
  eventually,
  expectStatus,
  sunriseToken,
  tableOf,
} from '../support/fixtures';
import { DEMO, expectAccessible, expectNoSidewaysScroll, launchBrowser, newPage, stackUrls } from './support/browser';

/**
 * The summary page a notification's link opens (product-rules.md "Screens", "Roles", "Errors"), on the
 * seeded local stack: a Sunrise patient's call ends with an Urgent escalation (the voice simulator
 * picks the ending by the number's last digit: 4), and a link is made for it the way the notifier
 * makes it. A signed-out nurse signs in on the way; a Lakeside nurse is refused.
 */
describe('summary page: /summary/{token}', () => {
  let browser: Browser;
  let path: string;
  let summary: SummaryDetailResponse['summary'];
  const stack = stackUrls();

  beforeAll(async () => {
    browser = await launchBrowser();
    const orgs = await demoOrganizations(stack);
    const nurse = await sunriseToken(stack);
    const patient = await createCallablePatient(stack, orgs.sunrise, 4, nurse);
    const placed = expectStatus(
      await call<{ call: { id: string } }>(stack, 'POST', `/patients/${patient.id}/calls`, { token: nurse }),
      201,
    ).call;
    summary = expectStatus(
      await eventually(
        () => call<SummaryDetailResponse>(stack, 'GET', `/calls/${placed.id}/summary`, { token: nurse }),
        (answer) => answer.status === 200,
      ),
      200,
    ).summary;
    const links = { committer: new DynamoWriteCommitter(tableOf(stack)), clock: { now: () => new Date() } };
    path = await createSummaryLink(links, placed.id, orgs.sunrise, patient.id, 'summary-page.e2e.test');
  });
  afterAll(async () => {
    await browser?.close();
  });

  const pathOf = (page: Page) => {
    const url = new URL(page.url());
    return `${url.pathname}${url.search}`;
  };
  const fillSignIn = async (page: Page, email: string) => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  };
  it('sends a signed-out nurse to sign in, then shows every card of the summary at 375 px', async () => {
    const page = await newPage(browser, { width: 375, height: 800 });
    await page.goto(path);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathOf(page)).toBe(`/login?redirect=${path}`);

    await fillSignIn(page, DEMO.sunrise);
    await page.waitForURL((url) => url.pathname === path);
    await page.getByRole('heading', { level: 1, name: 'Call Summary' }).waitFor();
    await page.getByText('Healthcare Provider Access', { exact: true }).waitFor();
    await page.getByText(/^Accessed /).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);

    const information = page.getByRole('region', { name: 'Call Information', exact: true });
    await information.waitFor();
    const outcome = summary.status === 'requires_followup' ? 'Requires Follow-up' : 'Successful';
    await information.getByText(outcome, { exact: true }).waitFor();
    expect(await information.textContent()).toMatch(/Duration\d+:\d{2}/);

    const escalation = page.getByRole('region', { name: 'Escalation Assessment', exact: true });
    await escalation.getByText('Urgent', { exact: true }).waitFor();
    if (summary.note_to_doctor) {
      expect(await escalation.textContent()).toContain(`Note to Doctor: ${summary.note_to_doctor}`);
    }
    expect(await page.getByRole('region', { name: 'Patient Information', exact: true }).textContent()).toContain(
      summary.patient_name,
    );
    const practice = page.getByRole('region', { name: 'Healthcare Provider', exact: true });
    expect(await practice.textContent()).toContain('Practice NameSunrise Family Medicine');
    const summaryCard = page.getByRole('region', { name: 'Call Summary', exact: true });
    expect((await summaryCard.innerText()).trim()).toContain(summary.summary.trim().split('\n')[0]);

    const transcript = page.getByRole('region', { name: 'Call Transcript', exact: true });
    const turns = transcript.getByRole('listitem');
    expect(await turns.count()).toBe(0);
    await transcript.getByRole('button', { name: 'Show Transcript' }).click();
    await turns.first().waitFor();
    expect(await turns.count()).toBe(summary.transcript.length);
    await page
      .getByText('Provider Secure Access • Link expires after 30 days • Confidential Medical Information')
      .waitFor();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    await transcript.getByRole('button', { name: 'Hide Transcript' }).click();
    await turns.first().waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Back to All Summaries' }).click();
    await page.waitForURL((url) => url.pathname === '/provider/summaries');
  });

  it('refuses a nurse of another organization with its refusal text and shows nothing of the call', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await fillSignIn(page, DEMO.lakeside);
    await page.waitForURL((url) => url.pathname === '/provider');
    await page.goto(path);
    const alert = page.getByRole('alert');
    await alert.getByText(SUMMARY_LINK_MESSAGES.otherOrganization, { exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'Call Information', exact: true }).count()).toBe(0);
    expect(await page.getByText(summary.patient_name).count()).toBe(0);
    await expectAccessible(page);
  });

  it('tells the visitor of an unknown link to check it or contact their provider', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await fillSignIn(page, DEMO.operator);
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.goto(`/summary/${'A'.repeat(43)}`);
    const alert = page.getByRole('alert');
    await alert.getByText(SUMMARY_LINK_MESSAGES.invalid, { exact: true }).waitFor();
    await alert.getByText(SUMMARY_LINK_MESSAGES.invalidHelp, { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to All Summaries' }).getAttribute('href')).toBe(
      '/admin/summaries',
    );
    await expectAccessible(page);
  });
});
