import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Patient } from '../../shared/domain';
import { todayIn } from '../../shared/time-preferences';
import { createPatient, demoOrganizations, tableOf } from '../support/fixtures';
import { DEMO, expectAccessible, launchBrowser, newPage, signIn, stackUrls } from './support/browser';

/**
 * CCM time and billing (issue 12): a Sunrise nurse runs the timer on a patient's page (it survives
 * a reload), logs time by hand until the 20-minute check mark is met, then finds the month on the
 * Billing page with its code and marks it billed. The patient is enrolled here, with consent and
 * two chronic conditions written as the consent and care plan screens store them.
 */
describe('care management time and the billing report', () => {
  let browser: Browser;
  let nurse: Page;
  let patient: Patient;
  const stack = stackUrls();
  const patientName = () => `${patient.first_name} ${patient.last_name}`;

  beforeAll(async () => {
    const orgs = await demoOrganizations(stack);
    patient = await createPatient(stack, orgs.sunrise, { first_name: 'Iris', last_name: `Minutes${Date.now()}` });
    await tableOf(stack)
      .entities.patient.patch({ patient_id: patient.id })
      .set({ consent_status: 'accepted', consent_date: todayIn('UTC', new Date()), condition_count: 2 })
      .go();
    browser = await launchBrowser();
    nurse = await newPage(browser);
    await signIn(nurse, DEMO.sunrise);
    await nurse.getByRole('heading', { name: 'Provider Dashboard' }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('runs a timer that survives a reload, and logs time until the 20-minute mark is met', async () => {
    await nurse.goto(`/provider/patients/${patient.id}`);
    await nurse.getByRole('heading', { level: 1, name: patientName() }).waitFor();
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
    await nurse.goto('/provider');
    await nurse.getByRole('link', { name: 'Billing' }).click();
    await nurse.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
    const row = nurse.getByRole('row').filter({ hasText: patientName() });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('22');
    await row.getByText('99490', { exact: true }).waitFor();
    await expectAccessible(nurse);

    await row.getByRole('button', { name: `Mark ${patientName()} billed` }).click();
    await row.getByText(/ by Nora Ellis$/).waitFor();
    expect(await row.getByRole('button', { name: /Mark .* billed/ }).count()).toBe(0);
  });
});
