import { describe, expect, it } from 'vitest';
import { CALL_MESSAGES } from '../../shared/call-messages';
import { call } from '../support/api';
import { eventually, expectStatus, operatorToken } from '../support/fixtures';
import { expectAccessible, stackUrls } from './support/browser';
import { openPatientPage, sunrisePatientJourney } from './support/sunrise-patient';

/**
 * Measurements on the patient page (DECISIONS "Observations"): a hypertensive patient with a
 * systolic target has had one check-in; the nurse calls them again from the page and, when the
 * call completes, the Measurements section shows both readings as a trend, with the target. The
 * number ends in 7: the simulator's usual check-in, readings within target.
 */
describe('measurements after two calls', () => {
  // The patient's fields, their number among them (createPatient takes any of the patient's fields).
  const milo = {
    first_name: 'Milo',
    last_name: `Pressure${Date.now()}`,
    phone_number: `+1813555${String(Date.now() % 1000).padStart(3, '0')}7`,
  };
  const journey = sunrisePatientJourney(milo, async (patient) => {
    const stack = stackUrls();
    const token = await operatorToken(stack);
    const plan = {
      conditions: [{ code: 'I10', description: 'Essential (primary) hypertension' }],
      targets: [{ measure: 'systolic', below: 145 }],
      note: '',
    };
    expectStatus(await call(stack, 'POST', `/patients/${patient.id}/care-plan`, { token, body: plan }), 201);
    const placed = expectStatus(
      await call<{ call: { id: string } }>(stack, 'POST', `/patients/${patient.id}/calls`, { token }),
      201,
    ).call;
    await eventually(
      async () =>
        (await call<{ call: { status: string } }>(stack, 'GET', `/calls/${placed.id}`, { token })).body.call.status,
      (status) => status === 'completed',
    );
  });

  it("shows each measure's last value and, after the second call, its trend and target", async () => {
    const { nurse, patient, patientName } = journey;
    await openPatientPage(nurse, patient);
    const measurements = nurse.getByRole('region', { name: 'Measurements' });
    const systolic = measurements.getByRole('article', { name: 'Systolic blood pressure' });
    await systolic.getByText('Target: below 145 mmHg').waitFor();
    expect(await systolic.textContent()).not.toContain('readings');

    await nurse.getByRole('button', { name: 'Make Call', exact: true }).click();
    const modal = nurse.getByRole('dialog', { name: `Make Call to ${patientName}` });
    await modal.getByRole('button', { name: 'Start Call', exact: true }).click();
    await modal.getByText(CALL_MESSAGES.callStarted, { exact: true }).waitFor();
    await modal.waitFor({ state: 'hidden', timeout: 10_000 });

    // The completed call brings its readings: two now, drawn as a trend with a table of both.
    await systolic.getByText(/2 readings/).waitFor({ timeout: 30_000 });
    const trend = systolic.getByRole('table', { name: 'Systolic blood pressure, oldest first' });
    // The chart and its table are a lazy chunk: the count shows before they arrive.
    await expect
      .poll(() => trend.getByRole('cell').allInnerTexts(), { timeout: 15_000 })
      .toEqual([expect.stringMatching(/^\d+ mmHg$/), expect.stringMatching(/^\d+ mmHg$/)]);
    await systolic.locator('.recharts-line').first().waitFor({ state: 'attached' });
    await measurements.getByRole('article', { name: 'Diastolic blood pressure' }).waitFor();
    await expectAccessible(nurse);
  });
});
