import { describe, expect, it } from 'vitest';
import { CCM_MESSAGES } from '../../shared/ccm/messages';
import { expectAccessible } from './support/browser';
import { openPatientPage, sunrisePatientJourney } from './support/sunrise-patient';

/**
 * CCM on the patient page (product-rules.md "Care management (CCM)"), as a Sunrise nurse does it: a
 * new patient awaits consent and is not eligible; the nurse records consent and builds a care plan
 * with two chronic conditions (one picked from the list, one typed), and both flags clear.
 */
describe('consent and the structured care plan', () => {
  const journey = sunrisePatientJourney({
    first_name: 'Consuelo',
    last_name: `Plan${Date.now()}`,
  });

  it('records consent and a care plan with two conditions; the patient becomes eligible', async () => {
    const { nurse, patient, patientName } = journey;
    await openPatientPage(nurse, patient);
    await nurse.getByText('Awaiting consent').first().waitFor();
    await nurse.getByText(CCM_MESSAGES.notEligible).waitFor();

    await nurse.getByRole('button', { name: 'Record consent' }).click();
    const consent = nurse.getByRole('dialog', { name: `Record consent: ${patientName}` });
    await consent.getByRole('radio', { name: 'Verbal' }).check();
    for (const box of await consent.getByRole('checkbox').all()) await box.check();
    await expectAccessible(nurse);
    await consent.getByRole('button', { name: 'Save consent' }).click();
    await consent.waitFor({ state: 'hidden' });
    await nurse.getByText('Consent accepted').waitFor();
    const history = nurse.getByRole('table', { name: 'Consent history' });
    expect(await history.getByRole('row').nth(1).innerText()).toMatch(
      /Accepted.*Verbal.*4 of 4 confirmed.*Nora Ellis/s,
    );

    const panel = nurse.getByRole('tabpanel', { name: 'Care Plan' });
    await panel.getByRole('button', { name: 'Create Care Plan' }).click();
    const editor = nurse.getByRole('dialog', { name: `Care Plan: ${patientName}` });
    await editor.getByLabel('Add a common chronic condition').fill('Essential');
    await nurse.getByRole('option', { name: 'Essential (primary) hypertension (I10)' }).click();
    await editor.getByRole('textbox', { name: 'ICD-10-CM code' }).fill('e119');
    await editor.getByRole('textbox', { name: 'Description' }).fill('Type 2 diabetes mellitus without complications');
    await editor.getByRole('button', { name: 'Add code' }).click();
    await editor.getByRole('textbox', { name: 'Measurable goals' }).fill('A1c below 7.0%\nBlood pressure below 130/80');
    await editor.getByRole('button', { name: 'Add medication' }).click();
    await editor.getByRole('textbox', { name: 'Medication 1' }).fill('Metformin');
    await editor.getByRole('textbox', { name: 'Dose 1' }).fill('500 mg');
    await expectAccessible(nurse);
    await editor.getByRole('button', { name: 'Save Care Plan' }).click();
    await editor.getByRole('button', { name: 'Edit Care Plan' }).waitFor();
    await editor.getByRole('button', { name: 'Close', exact: true }).click();
    await editor.waitFor({ state: 'hidden' });

    await panel.getByText('Type 2 diabetes mellitus without complications (E11.9)').waitFor();
    await panel.getByText('Essential (primary) hypertension (I10)').waitFor();
    await nurse.getByText(CCM_MESSAGES.notEligible).waitFor({ state: 'hidden' });
    await expectAccessible(nurse);
  });
});
