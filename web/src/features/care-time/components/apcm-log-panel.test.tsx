import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { APCM_ELEMENTS, APCM_LOG_MESSAGES, type ApcmLog, type ApcmLogAnswer } from '../../../../../shared/apcm';
import { shiftMonth } from '../../../../../shared/ccm/months';
import { monthIn } from '../../../../../shared/time-preferences';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeApi, hang, requestsTo, serverError, type FakeApiRequest } from '../../../test/fakes';
import { signedInUser } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ApcmLogPanel } from './apcm-log-panel';

const TZ = 'America/New_York';
const THIS_MONTH = monthIn(TZ, new Date());

/** A month's log: a check-in call CareLoop recorded, a colleague's mark and one of the signed-in nurse's. */
function logOf(month: string, version = 2): ApcmLog {
  return {
    month,
    program: 'apcm',
    version,
    billed_at: null,
    elements: APCM_ELEMENTS.map((element) => ({
      element,
      delivered: ['care_management', 'access_continuity', 'care_plan_shared'].includes(element),
      evidence:
        element === 'care_management'
          ? [{ kind: 'check_in_call' as const, id: 'call-1', at: `${month}-10T15:00:00.000Z` }]
          : [],
      marks:
        element === 'access_continuity'
          ? [
              {
                user_id: 'user-2',
                by_name: 'Sam Staff',
                care_role: 'clinical_staff' as const,
                at: `${month}-04T15:00:00.000Z`,
                note: 'After-hours line',
              },
            ]
          : element === 'care_plan_shared'
            ? [
                {
                  user_id: 'user-1',
                  by_name: 'Nora Nurse',
                  care_role: 'clinical_staff' as const,
                  at: `${month}-05T15:00:00.000Z`,
                  note: 'Printed',
                },
              ]
            : [],
    })),
  };
}

const EMPTY = (month: string): ApcmLog => ({
  month,
  program: 'apcm',
  version: 0,
  billed_at: null,
  elements: APCM_ELEMENTS.map((element) => ({ element, delivered: false, evidence: [], marks: [] })),
});

function renderPanel(
  routes: Record<string, (request: FakeApiRequest) => unknown>,
  role: 'provider' | 'careloop_employee' = 'provider',
) {
  const { services, requests } = createFakeApi(routes, {
    user: signedInUser({ id: 'user-1', role, provider_id: role === 'provider' ? 'prov-1' : null }),
  });
  const view = renderWithProviders(
    <ApcmLogPanel patientId="pat-1" timezone={TZ} canEdit={role === 'provider'} userId="user-1" />,
    { services },
  );
  return { ...view, requests, user: userEvent.setup() };
}

const answer = (log: ApcmLog): ApcmLogAnswer => ({ apcm_log: log });

describe('the APCM monthly log panel', () => {
  it('shows CareLoop’s evidence (not editable), others’ marks and the nurse’s own, and saves her marks with notes', async () => {
    const { requests, user, container } = renderPanel({
      'GET /patients/pat-1/apcm-log': ({ query }) => answer(logOf(query.month ?? THIS_MONTH)),
      'PUT /patients/pat-1/apcm-log/:month': () => answer(logOf(THIS_MONTH, 3)),
    });
    expect(await screen.findByText('3 of 7 service elements recorded', { exact: false })).toBeVisible();
    expect(requestsTo(requests, 'GET /patients/pat-1/apcm-log')[0]?.query).toEqual({ month: THIS_MONTH });
    expect(screen.getByText(/CareLoop: AI check-in call answered/)).toBeVisible();
    expect(screen.getByText(/Marked by Sam Staff \(Clinical staff\): After-hours line/)).toBeVisible();
    // Her own mark is her checkbox with its note; the colleague's element is no mark of hers.
    expect(screen.getByRole('checkbox', { name: 'Electronic care plan shared with the patient' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '24/7 access and continuity of care' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: /Note on electronic care plan/ })).toHaveValue('Printed');
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('checkbox', { name: 'Coordination with community services' }));
    await user.type(screen.getByRole('textbox', { name: /Note on coordination/ }), 'Meals on wheels');
    await user.click(screen.getByRole('checkbox', { name: 'Electronic care plan shared with the patient' }));
    await user.click(screen.getByRole('button', { name: 'Save my marks' }));

    expect(await screen.findByText(APCM_LOG_MESSAGES.saved)).toBeVisible();
    const [put] = requestsTo(requests, 'PUT /patients/pat-1/apcm-log/:month');
    expect(put?.path).toBe(`/patients/pat-1/apcm-log/${THIS_MONTH}`);
    expect(put?.body).toEqual({
      version: 2,
      elements: [{ element: 'community_coordination', note: 'Meals on wheels' }],
    });
    await expectNoAxeViolations(container);
  });

  it('reads an earlier month of the organization when picked', async () => {
    const { requests, user } = renderPanel({
      'GET /patients/pat-1/apcm-log': ({ query }) => answer(EMPTY(query.month ?? THIS_MONTH)),
    });
    expect(await screen.findByText(/Nothing recorded for/)).toBeVisible();
    const earlier = shiftMonth(THIS_MONTH, -1);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), earlier);
    await screen.findAllByText(/Nothing recorded for/);
    expect(requestsTo(requests, 'GET /patients/pat-1/apcm-log').map((r) => r.query.month)).toEqual([
      THIS_MONTH,
      earlier,
    ]);
  });

  it('shows operators the log read only, every mark included', async () => {
    const { container } = renderPanel(
      { 'GET /patients/pat-1/apcm-log': ({ query }) => answer(logOf(query.month ?? THIS_MONTH)) },
      'careloop_employee',
    );
    const section = await screen.findByRole('region', { name: APCM_LOG_MESSAGES.title });
    await within(section).findByText(/Marked by Nora Nurse \(Clinical staff\): Printed/);
    expect(within(section).queryByRole('checkbox')).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Save my marks' })).toBeNull();
    expect(within(section).getAllByText('Not recorded')).toHaveLength(4);
    await expectNoAxeViolations(container);
  });

  it('shows a billed month read only to its staff, with the day it was billed in the organization’s zone', async () => {
    const { container, requests } = renderPanel({
      // Billed at 02:30 UTC on Dec 4: still Dec 3 in New York.
      'GET /patients/pat-1/apcm-log': ({ query }) => ({
        apcm_log: { ...logOf(query.month ?? THIS_MONTH), billed_at: '2026-12-04T02:30:00.000Z' },
      }),
    });
    const section = await screen.findByRole('region', { name: APCM_LOG_MESSAGES.title });
    expect(await within(section).findByText('Billed on Dec 3, 2026; this log is frozen.')).toBeVisible();
    expect(within(section).queryByRole('checkbox')).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Save my marks' })).toBeNull();
    // Her own mark shows as a line, like everyone else's.
    expect(within(section).getByText(/Marked by Nora Nurse \(Clinical staff\): Printed/)).toBeVisible();
    expect(requestsTo(requests, 'PUT /patients/pat-1/apcm-log/:month')).toEqual([]);
    await expectNoAxeViolations(container);
  });

  it('shows a month not under APCM read only, saying why', async () => {
    const { container } = renderPanel({
      'GET /patients/pat-1/apcm-log': ({ query }) => ({
        apcm_log: { ...EMPTY(query.month ?? THIS_MONTH), program: 'ccm' as const },
      }),
    });
    expect(await screen.findByText(/is under CCM, not APCM: only a month under APCM is logged/)).toBeVisible();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save my marks' })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('says it is loading, and says so with a retry when the log cannot be read', async () => {
    const loading = renderPanel({ 'GET /patients/pat-1/apcm-log': hang });
    expect(await screen.findByText('Loading the APCM log...')).toBeVisible();
    await expectNoAxeViolations(loading.container);
    loading.unmount();

    const failed = renderPanel({ 'GET /patients/pat-1/apcm-log': serverError });
    expect(await screen.findByText(APCM_LOG_MESSAGES.fetchFailed)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expectNoAxeViolations(failed.container);
  });

  it('shows the save’s refusal in words', async () => {
    const { user } = renderPanel({
      'GET /patients/pat-1/apcm-log': ({ query }) => answer(EMPTY(query.month ?? THIS_MONTH)),
      'PUT /patients/pat-1/apcm-log/:month': serverError,
    });
    await user.click(
      await screen.findByRole('checkbox', { name: 'Population-level management and risk stratification' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save my marks' }));
    expect(await screen.findByText(APCM_LOG_MESSAGES.saveFailed)).toBeVisible();
  });
});
