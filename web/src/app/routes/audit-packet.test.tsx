import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_PACKET_MESSAGES, type AuditPacket } from '../../../../shared/audit-packet';
import { createAppRoutes } from '../router';
import { expectNoAxeViolations } from '../../test/axe';
import { createFakeApi, requestsTo, serverError } from '../../test/fakes';
import { renderWithProviders } from '../../test/render-with-providers';

const PACKET: AuditPacket = {
  month: '2026-11',
  organization: { id: 'prov-1', name: 'Sunrise Family Medicine', group_npi: null },
  patient: {
    id: 'pat-1',
    first_name: 'Margaret',
    last_name: 'Alvarez',
    date_of_birth: '1948-03-07',
    mbi: '1EG4TE5MK73',
    mrn: 'MRN-1',
  },
  billing_practitioner: { id: 'user-9', name: 'Dr. Paula Reyes', npi: '1245319599' },
  claim_npis: { billing: '1245319599', rendering: '1245319599' },
  consent: {
    status: 'accepted',
    date: '2026-11-02',
    method: 'written',
    disclosures: ['service', 'cost_sharing', 'right_to_stop', 'one_practitioner'],
    script_language: 'es',
    recorded_by_name: 'Nora Nurse',
    recorded_at: '2026-11-02T15:00:00.000Z',
  },
  care_plan: {
    version: 3,
    saved_at: '2026-11-01T15:00:00.000Z',
    note: '',
    plan: {
      conditions: [
        { code: 'E11.9', description: 'Type 2 diabetes mellitus' },
        { code: 'I10', description: 'Essential hypertension' },
      ],
      expected_outcome: 'Stable',
      goals: ['A1c under 7%'],
      symptom_management: 'Report dizziness',
      interventions: 'Monthly check-ins',
      medications: [{ name: 'Metformin', dose: '500 mg', instructions: 'Twice daily' }],
    },
  },
  totals: { staff_minutes: 24, practitioner_minutes: 0, non_clinical_minutes: 0, ai_contacts: 1, ai_minutes: 6 },
  time_entries: [
    {
      id: '2026-11_20261124T150000000Z-1a2b3c4d',
      patient_id: 'pat-1',
      date: '2026-11-24',
      minutes: 24,
      activity: 'Care coordination',
      note: null,
      source: 'manual',
      call_id: null,
      user_id: 'user-1',
      user_name: 'Nora Nurse',
      care_role: 'clinical_staff',
      counts_as: 'staff',
      created_at: '2026-11-24T15:00:00.000Z',
      voids: null,
    },
  ],
  ai_contacts: [
    { call_id: 'call-1', started_at: '2026-11-10T14:00:00.000Z', duration_seconds: 360, outcome: 'answered' },
  ],
  apcm_elements: [],
  program: 'ccm',
  codes: [{ code: '99490', minutes: 20, reason: '20 minutes of clinical staff time' }],
  reason: '24 clinical staff minutes: 99490',
  billed: null,
};

function openPacket(answer: AuditPacket | 'fail' = PACKET) {
  const { services, requests } = createFakeApi({
    'GET /patients/pat-1/audit-packet': (request) => (answer === 'fail' ? serverError(request) : answer),
  });
  renderWithProviders(null, {
    routes: createAppRoutes(),
    url: '/provider/patients/pat-1/audit-packet?month=2026-11',
    services,
  });
  return { requests, user: userEvent.setup() };
}

describe('the audit packet page', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every section an auditor checks, passes axe, and opens the print dialog', async () => {
    // jsdom has no print dialog: the page's button must call the browser's.
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { requests, user } = openPacket();
    const rules = await screen.findByRole('region', { name: 'Codes and Rule Trail' });
    expect(within(rules).getByText('99490: 20 minutes of clinical staff time')).toBeVisible();
    expect(within(rules).getByText('Why: 24 clinical staff minutes: 99490')).toBeVisible();
    expect(requestsTo(requests, 'GET /patients/pat-1/audit-packet')[0]?.query).toMatchObject({ month: '2026-11' });

    const consent = screen.getByRole('region', { name: 'Consent' });
    expect(
      within(consent).getByText(/Accepted on Nov 2, 2026, written, script read in Spanish; recorded by Nora Nurse/),
    ).toBeVisible();
    expect(within(consent).getAllByRole('listitem')).toHaveLength(4);
    expect(
      within(screen.getByRole('region', { name: 'Care Plan in Force' })).getByText('E11.9 Type 2 diabetes mellitus'),
    ).toBeVisible();
    const log = screen.getByRole('region', { name: 'Time Log' });
    expect(within(log).getByRole('row', { name: /Nora Nurse Clinical staff/ })).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'AI Assistant Contacts' })).getByText('Not billable'),
    ).toBeVisible();
    expect(screen.getByText('1EG4-TE5-MK73')).toBeVisible();
    // No group NPI: the practitioner's NPI bills and renders.
    expect(screen.getByText('1245319599 (the practitioner’s)')).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'APCM Service Elements' })).getByText('None recorded'),
    ).toBeVisible();
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: AUDIT_PACKET_MESSAGES.print }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('lists the APCM service elements with their source, and the APCM rule trail', async () => {
    openPacket({
      ...PACKET,
      program: 'apcm',
      apcm_elements: [
        {
          element: 'care_management',
          evidence: [{ kind: 'check_in_call', id: 'call-1', at: '2026-11-10T14:00:00.000Z' }],
          marks: [],
        },
        {
          // One call followed up two transitions: each is named, in its own line.
          element: 'care_transitions',
          evidence: [
            {
              kind: 'check_in_call',
              id: 'call-1',
              at: '2026-11-10T14:00:00.000Z',
              follows: { id: 't-1', kind: 'hospital_discharge', date: '2026-11-09' },
            },
            {
              kind: 'check_in_call',
              id: 'call-1',
              at: '2026-11-10T14:00:00.000Z',
              follows: { id: 't-2', kind: 'ed_visit', date: '2026-11-08' },
            },
          ],
          marks: [],
        },
        {
          element: 'care_plan_shared',
          evidence: [],
          marks: [
            {
              user_id: 'user-1',
              by_name: 'Nora Nurse',
              care_role: 'clinical_staff',
              at: '2026-11-12T15:00:00.000Z',
              note: 'Printed at the visit',
            },
          ],
        },
      ],
      codes: [
        {
          code: 'G0557',
          minutes: 0,
          reason: 'APCM, 2 chronic conditions, consent accepted, 2 of 7 service elements logged this month',
        },
      ],
    });
    const section = await screen.findByRole('region', { name: 'APCM Service Elements' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent(/Comprehensive care management.*CareLoop: AI check-in call answered/);
    expect(items[1]).toHaveTextContent(
      /Care transitions.*CareLoop: Follow-up after hospital discharge, Nov 9: AI check-in call answered Nov 10, 2026.*CareLoop: Follow-up after ED visit, Nov 8: AI check-in call answered Nov 10, 2026/,
    );
    expect(items[2]).toHaveTextContent(
      /Electronic care plan shared with the patient.*Staff: Nora Nurse \(Clinical staff\): Printed at the visit/,
    );
    expect(
      within(screen.getByRole('region', { name: 'Codes and Rule Trail' })).getByText(
        'G0557: APCM, 2 chronic conditions, consent accepted, 2 of 7 service elements logged this month',
      ),
    ).toBeVisible();
    await expectNoAxeViolations();
  });

  it('names the claim’s billing NPI (the practice’s group NPI when it has one) and rendering NPI', async () => {
    openPacket({
      ...PACKET,
      organization: { ...PACKET.organization, group_npi: '1234567893' },
      claim_npis: { billing: '1234567893', rendering: '1245319599' },
    });
    const patient = await screen.findByRole('region', { name: 'Patient' });
    expect(within(patient).getByText('1234567893 (the practice’s group NPI)')).toBeVisible();
    expect(within(patient).getByText('Rendering NPI').nextElementSibling).toHaveTextContent('1245319599');
    await expectNoAxeViolations();
  });

  it('says so when the packet cannot be read', async () => {
    openPacket('fail');
    expect(await screen.findByRole('alert')).toBeVisible();
    await expectNoAxeViolations();
  });
});
