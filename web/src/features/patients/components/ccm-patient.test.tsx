import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CarePlan, Patient } from '../../../../../shared/domain';
import { CCM_MESSAGES, CONDITION_MESSAGES } from '../../../../../shared/ccm/messages';
import { createAppRoutes } from '../../../app/router';
import { ApiError } from '../../../lib/api-client';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeApi, requestsTo, type FakeApiAnswer } from '../../../test/fakes';
import { carePlan, consentEntry, patient, patientTexts } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';

const notAskedYet = (overrides: Partial<Patient> = {}) =>
  patient({ consent: { status: 'not_asked', date: null }, conditionCount: 1, ccmEligible: false, ...overrides });

const accepted = consentEntry();

const plan = carePlan();

/** The provider patient page on a small in-memory API; `routes` answer by 'METHOD path'. */
function openPatient(routes: Record<string, FakeApiAnswer>) {
  const { services, requests } = createFakeApi(routes);
  renderWithProviders(null, { routes: createAppRoutes(), url: '/provider/patients/pat-1', services });
  return { requests, user: userEvent.setup() };
}

const base = (current: Patient, carePlan: CarePlan | null = plan): Record<string, FakeApiAnswer> => ({
  'GET /patients/pat-1': () => ({
    patient: current,
    provider: { id: 'prov-1', name: 'Sunrise' },
    outreach: {
      patient_id: 'pat-1',
      provider_id: 'prov-1',
      created_by: 'nurse-1',
      first_outreach_date: '2026-02-01',
      time_preference: 'morning',
      enabled: true,
      scheduled_at: '2026-02-01T14:00:00.000Z',
      created_at: '2026-01-01T00:00:00.000Z',
    },
  }),
  'GET /patients/pat-1/care-plan': () => ({ carePlan }),
  'GET /patients/pat-1/calls': () => ({ scheduled: [], history: { items: [], next_cursor: null } }),
  'GET /patients/pat-1/texts': () => patientTexts(),
});

describe('CCM on the patient page', { timeout: 30_000 }, () => {
  it('flags awaiting consent and eligibility, and says check-ins wait', async () => {
    openPatient({
      ...base(notAskedYet()),
      'GET /patients/pat-1/consent': () => ({
        consent: { status: 'not_asked', date: null },
        history: { items: [], next_cursor: null },
      }),
    });
    expect(await screen.findByText('Awaiting consent')).toBeVisible();
    expect(screen.getByText(CCM_MESSAGES.notEligible)).toBeVisible();
    // The header says it, and so does the consent panel once its history has loaded.
    expect(screen.getAllByText(new RegExp(CCM_MESSAGES.checkInsAwaitConsent))[0]).toBeVisible();
    expect(await screen.findByText(/No consent recorded yet/)).toBeVisible();
    await expectNoAxeViolations();
  });

  it('shows the consent history and an error with retry when it cannot load', async () => {
    let fail = true;
    openPatient({
      ...base(patient({ consent: { status: 'accepted', date: '2026-01-05' } })),
      'GET /patients/pat-1/consent': () => {
        if (fail) throw new ApiError(CCM_MESSAGES.fetchConsent, 500);
        return {
          consent: { status: 'accepted', date: '2026-01-05' },
          history: { items: [accepted], next_cursor: null },
        };
      },
    });
    expect(await screen.findByText('Consent accepted')).toBeVisible();
    expect(screen.queryByText(CCM_MESSAGES.notEligible)).toBeNull();
    const section = await screen.findByRole('region', { name: 'Consent' });
    expect(await within(section).findByText(CCM_MESSAGES.fetchConsent)).toBeVisible();
    fail = false;
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Try again' }));
    const table = await screen.findByRole('table', { name: 'Consent history' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Status', 'Date', 'Method', 'Script', 'Disclosures', 'Recorded']);
    expect(within(table).getAllByRole('row')[1]?.textContent).toMatch(
      /Accepted.*Verbal.*English.*4 of 4 confirmed.*Nora Ellis/,
    );
    await expectNoAxeViolations();
  });

  it('records consent: refused without all four disclosures, sent once complete', async () => {
    const { requests, user } = openPatient({
      ...base(notAskedYet()),
      'GET /patients/pat-1/consent': () => ({
        consent: { status: 'not_asked', date: null },
        history: { items: [], next_cursor: null },
      }),
      'POST /patients/pat-1/consent': () => ({ consent: { status: 'accepted', date: accepted.date }, entry: accepted }),
    });
    await user.click(await screen.findByRole('button', { name: 'Record consent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record consent: Margaret Alvarez' });
    await user.click(within(dialog).getByRole('radio', { name: 'Written' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save consent' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(CCM_MESSAGES.consentDisclosuresRequired);
    for (const box of within(dialog).getAllByRole('checkbox')) await user.click(box);
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Save consent' }));
    await waitFor(() => expect(requestsTo(requests, 'POST /patients/pat-1/consent').length > 0).toBe(true));
    expect(requestsTo(requests, 'POST /patients/pat-1/consent')[0]?.body).toMatchObject({
      status: 'accepted',
      method: 'written',
      disclosures: ['service', 'cost_sharing', 'right_to_stop', 'one_practitioner'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Record consent/ })).toBeNull());
  });

  it('shows the structured care plan and edits it: a typed code is checked, a second condition saved', async () => {
    const { requests, user } = openPatient({
      ...base(notAskedYet()),
      'GET /patients/pat-1/consent': () => ({
        consent: { status: 'not_asked', date: null },
        history: { items: [], next_cursor: null },
      }),
      'PUT /patients/pat-1/care-plan': ({ body }) => ({ carePlan: { ...plan, ...(body as object), version: 2 } }),
    });
    const panel = await screen.findByRole('tabpanel', { name: 'Care Plan' });
    expect(await within(panel).findByText('Type 2 diabetes mellitus without complications (E11.9)')).toBeVisible();
    expect(within(panel).getByText('Metformin — 500 mg — Twice daily')).toBeVisible();

    await user.click(within(panel).getByRole('button', { name: 'View Care Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Care Plan: Margaret Alvarez' });
    // A saved plan opens in view mode (spec §4): what it says, and Edit.
    expect(within(dialog).getByText('Metformin — 500 mg — Twice daily')).toBeVisible();
    expect(within(dialog).queryByRole('textbox', { name: 'ICD-10-CM code' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Edit Care Plan' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'ICD-10-CM code' }), 'E11..9');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Hypertension');
    await user.click(within(dialog).getByRole('button', { name: 'Add code' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(CONDITION_MESSAGES.codeInvalid);
    const code = within(dialog).getByRole('textbox', { name: 'ICD-10-CM code' });
    await user.clear(code);
    await user.type(code, 'i10');
    await user.click(within(dialog).getByRole('button', { name: 'Add code' }));
    expect(within(within(dialog).getByRole('list', { name: 'Conditions' })).getAllByRole('listitem')).toHaveLength(2);
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Save Care Plan' }));

    await waitFor(() => expect(requestsTo(requests, 'PUT /patients/pat-1/care-plan').length > 0).toBe(true));
    expect(requestsTo(requests, 'PUT /patients/pat-1/care-plan')[0]?.body).toEqual({
      conditions: [plan.conditions[0], { code: 'I10', description: 'Hypertension' }],
      expected_outcome: '',
      goals: ['A1c below 7.0%'],
      symptom_management: '',
      interventions: '',
      medications: plan.medications,
      targets: [],
      note: 'Prefers mornings.',
      version: 1,
    });
    // Saved, the modal shows the plan again in view mode.
    expect(await within(dialog).findByRole('button', { name: 'Edit Care Plan' })).toBeVisible();
    expect(within(dialog).queryByRole('textbox', { name: 'ICD-10-CM code' })).toBeNull();
  });

  it('offers to create a care plan when there is none', async () => {
    openPatient({
      ...base(notAskedYet(), null),
      'GET /patients/pat-1/consent': () => ({
        consent: { status: 'not_asked', date: null },
        history: { items: [], next_cursor: null },
      }),
    });
    const panel = await screen.findByRole('tabpanel', { name: 'Care Plan' });
    expect(await within(panel).findByText('No care plan yet.')).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Create Care Plan' })).toBeEnabled();
  });
});
