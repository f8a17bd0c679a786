import { describe, expect, it } from 'vitest';
import { todayIn } from '../../shared/time-preferences';
import { tableOf } from '../support/fixtures';
import { expectAccessible, stackUrls } from './support/browser';
import { openPatientPage, sunrisePatientJourney } from './support/sunrise-patient';

/**
 * CCM time and billing (issue 12): a Sunrise nurse runs the timer on a patient's page (it survives
 * a reload), logs time by hand until the 20-minute check mark is met, then finds the month on the
 * Billing page with its code and marks it billed. The patient is enrolled here, with consent and
 * two chronic conditions written as the consent and care plan screens store them.
 */
describe('care management time and the billing report', () => {
  const stack = stackUrls();
  const journey = sunrisePatientJourney({ first_name: 'Iris', last_name: `Minutes${Date.now()}` }, async (enrolled) => {
    await tableOf(stack)
      .entities.patient.patch({ patient_id: enrolled.id })
      .set({ consent_status: 'accepted', consent_date: todayIn('UTC', new Date()), condition_count: 2 })
      .go();
  });

  it('runs a timer that survives a reload, and logs time until the 20-minute mark is met', async () => {
    const { nurse, patient } = journey;
    await openPatientPage(nurse, patient);
    const panel = nurse.getByRole('region', { name: 'Care Management Time' });
    await panel.getByText('No time logged this month yet.').waitFor();

    await panel.getByRole('button', { name: 'Start timer' }).click();
    await panel.getByRole('button', { name: 'Pause' }).waitFor();
    await nurse.reload();
    await panel.getByRole('button', { name: 'Pause' }).waitFor();
    await panel.getByRole('button', { name: 'Stop' }).click();
    await panel.getByText('Less than 30 seconds was timed: nothing to log.').waitFor();
    await panel.getByRole('button', { name: 'Discard' }).click();
    await panel.getByRole('button', { name: 'Start timer' }).waitFor();

    const form = panel.getByRole('form', { name: 'Add time manually' });
    await form
      .getByRole('textbox', { name: 'Minutes' })
      .or(form.getByRole('spinbutton', { name: 'Minutes' }))
      .fill('22');
    await form.getByRole('combobox', { name: 'Activity' }).selectOption('Care coordination');
    await form.getByRole('button', { name: 'Add time' }).click();

    const marks = panel.getByRole('list', { name: 'Clinical staff minute thresholds' });
    await marks.getByText('20 minutes: met').waitFor();
    expect(await marks.getByRole('listitem').allTextContents()).toEqual([
      '20 minutes: met',
      '40 minutes: not yet',
      '60 minutes: not yet',
    ]);
    const row = panel.getByRole('table', { name: 'Time entries this month' }).getByRole('row').nth(1);
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('22');
    await expectAccessible(nurse);
  });

  it('shows the month on the Billing page with its code, and marks it billed', async () => {
    const { nurse, patientName } = journey;
    await nurse.goto('/provider');
    await nurse.getByRole('link', { name: 'Billing' }).click();
    await nurse.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
    const row = nurse.getByRole('row').filter({ hasText: patientName });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('22');
    await row.getByText('99490', { exact: true }).waitFor();
    await expectAccessible(nurse);

    await row.getByRole('button', { name: `Mark ${patientName} billed` }).click();
    await row.getByText(/ by Nora Ellis$/).waitFor();
    expect(await row.getByRole('button', { name: /Mark .* billed/ }).count()).toBe(0);
  });
});
