import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_OPTION_LABELS } from '../../shared/values/calls';
import { VOICES } from '../../shared/values/settings';
import { CALL_MESSAGES } from '../../shared/call-messages';
import { DEMO, expectAccessible, expectNoSidewaysScroll, launchBrowser, newPage, signIn } from './support/browser';

/**
 * The call pipeline of issue 7 on the seeded local stack, whose voice simulator plays a call in a
 * few hundred ms: a nurse calls a patient and follows the call to its transcript, schedules a call
 * and cancels it; the operator sees the call in Calls Made and changes the assistant's voice.
 *
 * The patient is enrolled here, so their history holds only this test's calls. The simulator picks
 * a call's ending by the last digit of the number: 7 is a normal, completed check-in.
 */
describe('calls: place, follow, schedule, cancel; operators see them; system settings', () => {
  let browser: Browser;
  let nurse: Page;
  let operator: Page;
  const stamp = Date.now().toString(36);
  // A last name with no break, longer than a phone's width: the page wraps it rather than scrolling sideways.
  const lastName = `Callwellwoodsworthington${stamp}`;
  const patientName = `Edna ${lastName}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    // Phone-sized: every step of the nurse's flow must work at 375 px.
    nurse = await newPage(browser, { width: 375, height: 800 });
    await signIn(nurse, DEMO.sunrise);
    await nurse.getByRole('heading', { name: 'Provider Dashboard' }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const region = (page: Page, name: string) => page.getByRole('region', { name });

  it('enrols a patient with a phone number and opens their page', async () => {
    await nurse.getByRole('button', { name: 'Add Patient' }).first().click();
    const wizard = nurse.getByRole('dialog', { name: 'Add Patient' });
    await wizard.getByLabel('Email').fill(`edna-${stamp}@patients.example`);
    await wizard.getByLabel('First Name').fill('Edna');
    await wizard.getByLabel('Last Name').fill(lastName);
    await wizard.getByLabel('Phone Number').fill('+18135550777');
    await wizard.getByRole('button', { name: 'Next' }).click();
    // Step 2: the nurse records the patient's verbal consent, with the four disclosures.
    await wizard.getByRole('radio', { name: 'Accepted' }).check();
    await wizard.getByRole('radio', { name: 'Verbal' }).check();
    for (const box of await wizard.getByRole('checkbox').all()) await box.check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Setup Later' }).click();
    await wizard.waitFor({ state: 'hidden' });

    // The dashboard lists 5 patients until 'View All n Patients' is pressed.
    const link = nurse.getByRole('link', { name: `View ${patientName}` });
    const viewAll = nurse.getByRole('button', { name: /^View All \d+ Patients$/ });
    await link.or(viewAll).first().waitFor();
    if (await viewAll.isVisible()) await viewAll.click();
    await link.click();
    await nurse.getByRole('heading', { level: 1, name: patientName }).waitFor();
    await region(nurse, 'Call History').getByText('No calls yet').waitFor();
    await region(nurse, 'Scheduled Calls').getByText('No scheduled calls').waitFor();
    await expectNoSidewaysScroll(nurse);
    await expectAccessible(nurse);
  });

  it("makes a call: 'Call Started Successfully!', then the call completes with a duration and a transcript", async () => {
    await nurse.getByRole('button', { name: 'Make Call', exact: true }).click();
    const modal = nurse.getByRole('dialog', { name: `Make Call to ${patientName}` });
    await modal.getByText('+18135550777').waitFor();
    await expectAccessible(nurse);
    await modal.getByRole('button', { name: 'Start Call', exact: true }).click();
    await modal.getByText(CALL_MESSAGES.callStarted, { exact: true }).waitFor();
    // The success message closes the modal by itself after 3 s.
    await modal.waitFor({ state: 'hidden', timeout: 10_000 });

    const history = region(nurse, 'Call History');
    const call = history.getByRole('listitem');
    // The list follows the call every 3 s until it has ended.
    await call.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await call.count()).toBe(1);
    expect(await call.textContent()).toMatch(/Duration \d+:\d{2}/);

    await call.getByRole('button', { name: /^Transcript/ }).click();
    const transcript = nurse.getByRole('dialog', { name: 'Call Transcript' });
    const turns = transcript.getByRole('listitem');
    await turns.first().waitFor();
    const speakers = (await turns.allInnerTexts()).map((turn) => turn.split('\n')[0]);
    expect(new Set(speakers)).toEqual(new Set(['Assistant', 'Patient']));
    await expectNoSidewaysScroll(nurse);
    await expectAccessible(nurse);
    await transcript.getByRole('button', { name: 'Close dialog' }).click();
    await transcript.waitFor({ state: 'hidden' });
  });

  it('schedules a call in 10 minutes, shows it Pending, and cancels it after confirmation', async () => {
    await nurse.getByRole('button', { name: 'Schedule Call', exact: true }).click();
    const modal = nurse.getByRole('dialog', { name: `Schedule Call for ${patientName}` });
    await modal.getByLabel(SCHEDULE_OPTION_LABELS['10_minutes']).check();
    await expectAccessible(nurse);
    await modal.getByRole('button', { name: 'Schedule Call', exact: true }).click();
    await modal.getByText(CALL_MESSAGES.callScheduled, { exact: true }).waitFor();
    await modal.waitFor({ state: 'hidden', timeout: 10_000 });

    const scheduled = region(nurse, 'Scheduled Calls');
    const pending = scheduled.getByRole('listitem');
    await pending.getByText('Pending', { exact: true }).waitFor();
    expect(await pending.count()).toBe(1);
    expect(await pending.textContent()).toContain('Time preference:');

    await pending.getByRole('button', { name: /^Cancel call scheduled for/ }).click();
    const confirm = nurse.getByRole('dialog', { name: 'Cancel Scheduled Call' });
    await expectAccessible(nurse);
    await confirm.getByRole('button', { name: 'Cancel Call', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await scheduled.getByText('No scheduled calls').waitFor();
    expect(await pending.count()).toBe(0);
  });

  it('shows the operator the call in Calls Made (Last 50 calls)', async () => {
    // Kept open: the next test changes the voice as this operator.
    operator = await newPage(browser, { keep: true });
    await signIn(operator, DEMO.operator);
    await operator.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await operator.getByRole('button', { name: /^Calls Made/ }).click();
    const modal = operator.getByRole('dialog', { name: 'Last 50 calls' });
    // The cancelled scheduled call may be listed too: the placed one is the completed row.
    const row = modal.getByRole('row').filter({ hasText: patientName }).filter({ hasText: 'Completed' });
    await row.waitFor();
    // Text content, not innerText: badges are shown in capitals by CSS.
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(0, 3)).toEqual([patientName, 'Sunrise Family Medicine', 'Completed']);
    expect(cells[3]).toMatch(/^\d+:\d{2}$/);
    await expectAccessible(operator);
    await modal.getByRole('button', { name: 'Close dialog' }).click();
    await modal.waitFor({ state: 'hidden' });
  });

  it("lets the settings administrator change the voice: 'Settings updated successfully'", async () => {
    const openSettings = async (): Promise<Locator> => {
      await operator.getByRole('button', { name: 'Settings', exact: true }).click();
      const panel = operator.getByRole('dialog', { name: 'System Settings' });
      await panel.getByRole('tab', { name: 'Voice' }).click();
      await panel.getByRole('radio', { checked: true }).waitFor();
      return panel;
    };

    let panel = await openSettings();
    const current = await panel.getByRole('radio', { checked: true }).getAttribute('value');
    const next = VOICES.find((voice) => voice.id !== current)!;
    await panel.getByRole('radio', { name: next.name, exact: true }).check();
    await expectAccessible(operator);
    await panel.getByRole('button', { name: 'Save Settings' }).click();
    const saved = panel.getByText(CALL_MESSAGES.settingsUpdated, { exact: true });
    await saved.waitFor();
    // The message clears itself after 3 s.
    await saved.waitFor({ state: 'hidden', timeout: 10_000 });
    await panel.getByRole('button', { name: 'Close dialog' }).click();
    await panel.waitFor({ state: 'hidden' });

    panel = await openSettings();
    expect(await panel.getByRole('radio', { checked: true }).getAttribute('value')).toBe(next.id);
  });
});
