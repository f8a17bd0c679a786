import { describe, expect, it } from 'vitest';
import { todayIn } from '../../shared/time-preferences';
import { call, tokenFor } from '../support/api';
import { expectStatus, tableOf } from '../support/fixtures';
import { expectAccessible, stackUrls } from './support/browser';
import { sunrisePatientJourney } from './support/sunrise-patient';

/**
 * Care programs in the browser (issue 26's done-when): a Sunrise patient enrolled in APCM this month
 * with 45 minutes of clinical staff time shows on the Billing page under APCM with G0557, its
 * expected payment and the hint that CCM would pay more; the patient-month's audit packet renders
 * its sections and prints without the site's chrome. Seeded through the API (consent, program and
 * conditions as their screens store them).
 */
describe('care programs on the billing report and the audit packet', () => {
  const stack = stackUrls();
  const today = todayIn('UTC', new Date());
  const month = today.slice(0, 7);
  const journey = sunrisePatientJourney({ first_name: 'Alma', last_name: `Bundle${Date.now()}` }, async (patient) => {
    await tableOf(stack)
      .entities.patient.patch({ patient_id: patient.id })
      .set({
        consent_status: 'accepted',
        consent_date: today,
        condition_count: 2,
        care_programs: [
          { program: 'apcm', from: month, set_at: new Date().toISOString(), set_by: 'e2e', set_by_name: 'Nora Ellis' },
        ],
      })
      .go();
    const staff = await tokenFor(stack, 'provider', patient.provider_id);
    expectStatus(
      await call(stack, 'POST', `/patients/${patient.id}/time-entries`, {
        token: staff,
        body: { minutes: 45, activity: 'Care coordination' },
      }),
      201,
    );
  });

  it('shows the program, its code, the expected payment and the program that would pay more', async () => {
    const { nurse, patientName } = journey;
    await nurse.goto('/provider/billing');
    await nurse.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
    const table = nurse.getByRole('table', { name: /^Care management billing report/ });
    const row = table.getByRole('row').filter({ hasText: patientName });
    await row.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(
      expect.arrayContaining(['Program', 'Codes', 'Expected']),
    );
    const cells = row.getByRole('cell');
    expect(await cells.nth(6).textContent()).toBe('APCM');
    await cells.nth(7).getByText('G0557', { exact: true }).waitFor();
    // G0557 pays $50 by the default fee schedule; CCM's 99490 and 99439 would pay $106.
    expect(await cells.nth(8).textContent()).toBe('$50.00Better under CCM (+$56.00)');
    await expectAccessible(nurse);
  });

  it('logs an APCM service element on the patient page, and the audit packet lists it with its note', async () => {
    const { nurse, patient } = journey;
    await nurse.goto(`/provider/patients/${patient.id}`);
    const panel = nurse.getByRole('region', { name: 'APCM monthly log' });
    await panel.getByText(/service elements recorded|Nothing recorded/).waitFor();
    await panel.getByRole('checkbox', { name: 'Coordination with community services' }).check();
    await panel.getByRole('textbox', { name: /Note on coordination/ }).fill('Referred to the senior centre');
    await panel.getByRole('button', { name: 'Save my marks' }).click();
    await panel.getByText('APCM log saved').waitFor();
    expect(await panel.getByRole('checkbox', { name: 'Coordination with community services' }).isChecked()).toBe(true);
    await expectAccessible(nurse);

    await nurse.goto(`/provider/patients/${patient.id}/audit-packet?month=${month}`);
    const elements = nurse.getByRole('region', { name: 'APCM Service Elements' });
    await elements.getByText(/Referred to the senior centre/).waitFor();
    await nurse
      .getByRole('region', { name: 'Codes and Rule Trail' })
      .getByText(/G0557: APCM, 2 chronic conditions, consent accepted, \d of 7 service elements logged this month/)
      .waitFor();
  });

  it("renders the patient-month's audit packet and prints it without the site's chrome", async () => {
    const { nurse, patient, patientName } = journey;
    await nurse.goto(`/provider/patients/${patient.id}/audit-packet?month=${month}`);
    await nurse.getByRole('heading', { level: 1, name: 'Audit packet' }).waitFor();
    for (const section of [
      'Patient',
      'Consent',
      'Care Plan in Force',
      'Time Log',
      'AI Assistant Contacts',
      'APCM Service Elements',
    ]) {
      await nurse.getByRole('region', { name: section, exact: true }).waitFor();
    }
    const trail = nurse.getByRole('region', { name: 'Codes and Rule Trail' });
    await trail.getByText(/G0557/).first().waitFor();
    expect(await nurse.getByRole('region', { name: 'Patient', exact: true }).textContent()).toContain(
      patientName.split(' ')[1],
    );
    await expectAccessible(nurse);

    // The button opens the browser's print dialog (save as PDF): counted instead of opened.
    await nurse.evaluate(() => {
      const counted = window as Window & { printed?: number };
      counted.printed = 0;
      window.print = () => {
        counted.printed = (counted.printed ?? 0) + 1;
      };
    });
    await nurse.getByRole('button', { name: 'Print or save as PDF' }).click();
    expect(await nurse.evaluate(() => (window as Window & { printed?: number }).printed)).toBe(1);

    // Printed, the page is the packet alone: no header, no month picker, no buttons.
    await nurse.emulateMedia({ media: 'print' });
    expect(await nurse.locator('header').first().isVisible()).toBe(false);
    expect(await nurse.getByRole('button', { name: 'Print or save as PDF' }).isVisible()).toBe(false);
    expect(await nurse.getByLabel('Month').isVisible()).toBe(false);
    expect(await trail.isVisible()).toBe(true);
    await nurse.emulateMedia({ media: 'screen' });
  });
});
