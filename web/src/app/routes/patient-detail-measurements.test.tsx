import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CALL_MESSAGES } from '../../../../shared/call-messages';
import type { Observation } from '../../../../shared/domain';
import { createAppRoutes } from '../router';
import { ApiError } from '../../lib/api-client';
import { expectNoAxeViolations } from '../../test/axe';
import { createFakeApi, type FakeApiAnswer } from '../../test/fakes';
import { carePlan, page, patient, patientDetail } from '../../test/records';
import { renderWithProviders } from '../../test/render-with-providers';

const reading = (measure: Observation['measure'], code: string, value: number, at: string): Observation => ({
  code,
  measure,
  value,
  unit: measure === 'phq2' ? '{score}' : 'mm[Hg]',
  observed_at: at,
  call_log_id: `call-${at}`,
  source: 'device',
});

/** The provider patient page on a small in-memory API, with its observations answered by `observations`. */
function openPatient(observations: FakeApiAnswer) {
  const { services } = createFakeApi({
    'GET /patients/pat-1': () => patientDetail(patient()),
    'GET /patients/pat-1/care-plan': () => ({
      carePlan: carePlan({
        conditions: [{ code: 'I10', description: 'Essential (primary) hypertension' }],
        targets: [{ measure: 'systolic', below: 140 }],
      }),
    }),
    'GET /patients/pat-1/calls': () => ({ scheduled: [], history: page([]) }),
    'GET /patients/pat-1/observations': observations,
  });
  renderWithProviders(null, { routes: createAppRoutes(), url: '/provider/patients/pat-1', services });
  return userEvent.setup();
}

const section = () => screen.getByRole('region', { name: 'Measurements' });

describe('Measurements on the patient page', { timeout: 30_000 }, () => {
  it('shows the last value of each measure, its target, and whether it is outside it', async () => {
    openPatient(() =>
      page([
        reading('systolic', '8480-6', 152, '2026-03-04T15:00:00.000Z'),
        reading('phq2', '55758-7', 1, '2026-03-04T15:00:00.000Z'),
        reading('systolic', '8480-6', 134, '2026-02-04T15:00:00.000Z'),
      ]),
    );

    const systolic = await screen.findByRole('article', { name: 'Systolic blood pressure' });
    expect(systolic.textContent).toContain('152 mmHg');
    expect(systolic.textContent).toContain('Target: below 140 mmHg');
    expect(systolic.textContent).toContain('Outside target');
    expect(systolic.textContent).toContain('2 readings');
    // The trend's values for assistive technology, oldest first.
    const table = await within(systolic).findByRole('table', { name: 'Systolic blood pressure, oldest first' });
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['134 mmHg', '152 mmHg']);
    const phq2 = screen.getByRole('article', { name: 'PHQ-2 total score' });
    expect(phq2.textContent).toContain('No target in the care plan');
    expect(phq2.textContent).not.toContain('Outside target');
    await expectNoAxeViolations();
  });

  it('says when there are no measurements yet', async () => {
    openPatient(() => page([]));

    await screen.findByRole('region', { name: 'Measurements' });
    await waitFor(() => expect(section().textContent).toContain('No measurements yet'));
    await expectNoAxeViolations();
  });

  it('shows an error with retry when they cannot load', async () => {
    let fail = true;
    const user = openPatient(() => {
      if (fail) throw new ApiError(CALL_MESSAGES.fetchObservations, 500);
      return page([reading('systolic', '8480-6', 128, '2026-03-04T15:00:00.000Z')]);
    });

    const region = await screen.findByRole('region', { name: 'Measurements' });
    expect(await within(region).findByText(CALL_MESSAGES.fetchObservations)).toBeVisible();
    await expectNoAxeViolations();
    fail = false;
    await user.click(within(section()).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Systolic blood pressure' })).toBeVisible();
  });
});
