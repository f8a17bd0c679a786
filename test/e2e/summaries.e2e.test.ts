import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUMMARY_TABS, SUMMARY_TAB_LABELS, summaryMonths, type SummaryTab } from '../../shared/values/summaries';
import { DEMO_ORGANIZATIONS } from '../../lambdas/local/demo-data';
import { monthIn } from '../../shared/time-preferences';
import { DEMO, expectAccessible, launchBrowser, newPage, signIn } from './support/browser';

/**
 * Call summaries on the seeded local stack, whose demo organizations have completed check-ins at
 * every escalation level over the last months: a Sunrise nurse filters by month, reads the tab
 * counts, opens an emergency summary, walks the list with the arrow keys, and moves an Incomplete
 * summary to Successful and back (so other browser tests see the seed's counts).
 */
describe('call summaries: month filter, tabs with counts, detail modal, status changes', () => {
  let browser: Browser;
  let nurse: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    nurse = await newPage(browser);
    await signIn(nurse, DEMO.sunrise);
    await nurse.getByRole('heading', { name: 'Provider Dashboard' }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const list = () => nurse.getByRole('list', { name: 'Summaries' });
  const rows = () => list().getByRole('listitem');
  const dialog = () => nurse.getByRole('dialog');
  const tab = (value: SummaryTab) =>
    nurse.getByRole('tab', { name: new RegExp(`^${SUMMARY_TAB_LABELS[value]}\\s*\\d+$`) });

  /** Every tab shown, in order, with the count it displays ('Incomplete12' → 12). */
  async function tabCounts(): Promise<Partial<Record<SummaryTab, number>>> {
    const texts = await nurse.getByRole('tab').allTextContents();
    const counts: Partial<Record<SummaryTab, number>> = {};
    for (const text of texts) {
      const value = SUMMARY_TABS.find((t) => text.startsWith(SUMMARY_TAB_LABELS[t]));
      const count = /(\d+)$/.exec(text)?.[1];
      if (value && count !== undefined) counts[value] = Number(count);
    }
    return counts;
  }

  /** The summary's place in the list as the modal shows it: '2 of 14'. */
  const position = (modal: Locator) => modal.getByText(/^\d+ of \d+$/);

  /** Each row's patient and time, as the row's button is named by them. */
  const rowFacts = () =>
    list()
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons.map((button) => {
          const [nameId, timeId] = (button.getAttribute('aria-labelledby') ?? '').split(' ');
          const text = (id: string | undefined) => (id && document.getElementById(id)?.textContent) || '';
          return { patient: text(nameId), time: Date.parse(text(timeId).replace(/\s+/g, ' ')) };
        }),
      );

  it("opens from the dashboard's New Summaries tile on the current month", async () => {
    await nurse.getByRole('link', { name: /^New Summaries/ }).click();
    await nurse.getByRole('heading', { level: 1, name: 'Call Summaries' }).waitFor();
    expect(new URL(nurse.url()).pathname).toBe('/provider/summaries');
    expect(await nurse.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/provider');

    const month = nurse.getByRole('combobox', { name: 'Month' });
    // This month is the practice's, in its time zone, whatever the browser's is.
    const sunrise = DEMO_ORGANIZATIONS.find((organization) => organization.key === 'sunrise')!;
    const current = monthIn(sunrise.timezone, new Date());
    expect(await month.inputValue()).toBe(current);
    const options = await month.getByRole('option').allTextContents();
    expect(options).toHaveLength(14);
    expect(options[0]).toBe('All');
    expect(await month.getByRole('option').nth(1).getAttribute('value')).toBe(current);
    expect(await month.getByRole('option').nth(13).getAttribute('value')).toBe(summaryMonths(current)[12]);
    expect(options[1]).toMatch(/^[A-Z][a-z]+ \d{4}$/);

    await nurse.getByRole('tab', { selected: true }).waitFor();
    await expectAccessible(nurse);
  });

  it("switches the month to 'All' and shows every tab with its count, Follow-up since it has entries", async () => {
    const answered = nurse.waitForResponse(
      (response) => response.url().includes('/summaries?') && response.url().includes('month=all'),
    );
    await nurse.getByRole('combobox', { name: 'Month' }).selectOption({ label: 'All' });
    expect((await answered).ok()).toBe(true);
    await expect.poll(async () => Object.keys(await tabCounts())).toEqual([...SUMMARY_TABS]);

    const counts = await tabCounts();
    expect(counts.requires_followup).toBeGreaterThan(0);
    expect(counts.successful).toBeGreaterThan(0);
    expect(counts.Emergent).toBeGreaterThan(0);
    expect(counts.Urgent).toBeGreaterThan(0);
    expect(counts.Elective).toBeGreaterThan(0);

    // The current month may have had no Incomplete entry (product-rules.md "Summaries, escalations and notifications" then moved to the first tab with some).
    await tab('requires_followup').click();
    expect(await nurse.getByRole('tab', { selected: true }).textContent()).toBe(
      `${SUMMARY_TAB_LABELS.requires_followup}${counts.requires_followup}`,
    );
    await rows().first().waitFor();
    expect(await rows().count()).toBe(Math.min(counts.requires_followup!, 50));
    const times = (await rowFacts()).map((row) => row.time);
    expect(times.every(Number.isFinite)).toBe(true);
    expect(times.every((time, i) => i === 0 || time <= times[i - 1]!)).toBe(true);
    await expectAccessible(nurse);
  });

  it('opens the Emergency tab and a summary: escalation, note to doctor, summary and transcript', async () => {
    const { Emergent: emergencies } = await tabCounts();
    await tab('Emergent').click();
    await expect.poll(() => rows().count()).toBe(Math.min(emergencies!, 50));
    for (const text of await rows().allTextContents()) expect(text).toContain('Emergent');

    const patient = (await rowFacts())[0]?.patient ?? '';
    expect(patient).not.toBe('');
    await rows().first().getByRole('button').click();
    const modal = dialog();
    await modal.waitFor();
    expect(await nurse.getByRole('dialog', { name: patient }).count()).toBe(1);
    await modal.getByText('Escalation Assessment: Emergent').waitFor();
    await modal.getByText('Note to Doctor:').waitFor();
    expect(await modal.textContent()).toMatch(/Duration \d+:\d{2}/);
    await modal.getByText('Sunrise Family Medicine', { exact: true }).waitFor();

    await modal.getByRole('button', { name: 'Show Transcript' }).click();
    const turns = modal.getByRole('list', { name: 'Transcript' }).getByRole('listitem');
    await turns.first().waitFor();
    const speakers = (await turns.allInnerTexts()).map((turn) => turn.split('\n')[0]);
    expect(new Set(speakers)).toEqual(new Set(['Assistant', 'Patient']));
    await expectAccessible(nurse);
    await modal.getByRole('button', { name: 'Hide Transcript' }).click();
    expect(await modal.getByRole('list', { name: 'Transcript' }).count()).toBe(0);

    await nurse.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
  });

  it('walks the list with → and ← in the modal', async () => {
    await tab('requires_followup').click();
    await expect.poll(async () => (await tabCounts()).requires_followup).toBeGreaterThan(1);
    await rows().nth(1).waitFor();
    const total = await rows().count();
    await rows().first().getByRole('button').click();
    const modal = dialog();
    expect(await position(modal).textContent()).toBe(`1 of ${total}`);
    expect(await modal.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    const second = (await rowFacts())[1]?.patient ?? '';

    await nurse.keyboard.press('ArrowRight');
    await modal.getByText(`2 of ${total}`, { exact: true }).waitFor();
    expect(await nurse.getByRole('dialog', { name: second }).count()).toBe(1);
    await nurse.keyboard.press('ArrowLeft');
    await modal.getByText(`1 of ${total}`, { exact: true }).waitFor();
    // The first has no previous: ← leaves it open.
    await nurse.keyboard.press('ArrowLeft');
    expect(await position(modal).textContent()).toBe(`1 of ${total}`);

    await nurse.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
  });

  it('moves an Incomplete summary to Successful, and the counts follow; then back to Incomplete', async () => {
    const before = await tabCounts();
    await tab('requires_followup').click();
    await rows().first().getByRole('button').click();
    const modal = dialog();
    await modal
      .getByText(/^Incomplete$/)
      .first()
      .waitFor();
    const emr = modal.getByRole('switch', { name: 'Added to EMR' });
    expect(await emr.isDisabled()).toBe(true);

    await modal.getByRole('button', { name: 'Move to Successful' }).click();
    await modal.getByRole('button', { name: 'Move to Incomplete' }).waitFor();
    await expect.poll(() => emr.isDisabled()).toBe(false);
    await expect.poll(async () => (await tabCounts()).requires_followup).toBe(before.requires_followup! - 1);
    expect((await tabCounts()).successful).toBe(before.successful! + 1);
    expect(await modal.getByRole('alert').count()).toBe(0);
    await expectAccessible(nurse);

    await modal.getByRole('button', { name: 'Move to Incomplete' }).click();
    await modal.getByRole('button', { name: 'Move to Successful' }).waitFor();
    await expect.poll(async () => (await tabCounts()).requires_followup).toBe(before.requires_followup);
    expect((await tabCounts()).successful).toBe(before.successful);

    await modal.getByRole('button', { name: 'Close dialog' }).click();
    await modal.waitFor({ state: 'hidden' });
  });
});
