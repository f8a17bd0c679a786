import { describe, expect, it } from 'vitest';
import { DEMO, expectAccessible, newPage, signIn } from './support/browser';
import { openPatientPage, sunrisePatientJourney } from './support/sunrise-patient';

/**
 * Records are kept (issue 10): a Sunrise nurse saves a care plan twice and reads both versions in
 * its history; the operator reads who opened the patient's data on the 'Access history' tab, which
 * provider staff do not have. The patient is enrolled here, so their history is only this file's.
 */
describe('care plan history and access history on the patient page', () => {
  const journey = sunrisePatientJourney({
    first_name: 'Hester',
    last_name: `Records${Date.now()}`,
  });

  it('saves a care plan twice and shows both versions, newest first, with time and author', async () => {
    const { nurse, patient, patientName } = journey;
    await openPatientPage(nurse, patient);
    const panel = nurse.getByRole('tabpanel', { name: 'Care Plan' });
    await panel.getByText('No care plan yet.').waitFor();
    // No history before the first save.
    expect(await panel.getByRole('button', { name: 'Care Plan History' }).count()).toBe(0);

    // A save returns the modal to view mode (its conditions and the rest: ccm-consent-plan.e2e.test.ts).
    await panel.getByRole('button', { name: 'Create Care Plan' }).click();
    const editor = nurse.getByRole('dialog', { name: `Care Plan: ${patientName}` });
    await editor.getByRole('textbox', { name: 'Note' }).fill('Walk 20 minutes a day.');
    await editor.getByRole('button', { name: 'Save Care Plan' }).click();
    await editor.getByRole('button', { name: 'Edit Care Plan' }).click();
    await editor.getByRole('textbox', { name: 'Note' }).fill('Walk 30 minutes a day.');
    await editor.getByRole('button', { name: 'Save Care Plan' }).click();
    await editor.getByText('Walk 30 minutes a day.').waitFor();
    await editor.getByRole('button', { name: 'Close', exact: true }).click();
    await editor.waitFor({ state: 'hidden' });
    await panel.getByText('Walk 30 minutes a day.').waitFor();

    await panel.getByRole('button', { name: 'Care Plan History' }).click();
    const history = nurse.getByRole('dialog', { name: `Care Plan History: ${patientName}` });
    const versions = history.getByRole('list', { name: 'Saved versions' }).getByRole('listitem');
    await versions.nth(1).waitFor();
    expect(await versions.allInnerTexts()).toEqual([
      expect.stringMatching(/^Version 2\s+.+ by Nora Ellis\s+Note:\s+Walk 30 minutes a day\.$/),
      expect.stringMatching(/^Version 1\s+.+ by Nora Ellis\s+Note:\s+Walk 20 minutes a day\.$/),
    ]);
    await expectAccessible(nurse);
    await history.getByRole('button', { name: 'Close dialog' }).click();
    await history.waitFor({ state: 'hidden' });
    expect(await nurse.getByRole('tab', { name: 'Access history' }).count()).toBe(0);
  });

  it("shows the operator who read and changed the patient's data on the Access history tab", async () => {
    const { browser, patient } = journey;
    const operator = await newPage(browser);
    await signIn(operator, DEMO.operator);
    await operator.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await openPatientPage(operator, patient, 'admin');
    await operator.getByRole('tab', { name: 'Access history' }).click();
    const table = operator.getByRole('tabpanel', { name: 'Access history' }).getByRole('table', {
      name: 'Access history',
    });
    const row = table.getByRole('row').filter({ hasText: 'Care plan update' }).first();
    await row.waitFor();
    // Text content, not inner text: the outcome badge is upper-cased by CSS only.
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      expect.any(String),
      'Nora Ellisnurse@sunrise.example',
      'Provider User',
      expect.any(String),
      'Care plan update',
      'Success',
      expect.any(String),
    ]);
    expect(await table.getByRole('row').filter({ hasText: 'Care plan revisions read' }).count()).toBe(1);
    await expectAccessible(operator);
  });
});
