import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, type BillingReportAnswer, type BillingReportRow } from '../../../../../shared/care-time';
import { createAppRoutes } from '../../../app/router';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeApi, hang, requestsTo, serverError } from '../../../test/fakes';
import { billingRow, page, signedInUser } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';
import { DEFAULT_RATES } from '../../../../../shared/ccm/rates';

const row = (patientId: string, overrides: Partial<BillingReportRow> = {}) =>
  billingRow({ patient_id: patientId, patient_name: `Patient ${patientId}`, ...overrides });

const READY = row('p1', {
  staff_minutes: 42,
  ai_contacts: 2,
  codes: [
    { code: '99490', minutes: 20, reason: 'First 20 minutes' },
    { code: '99439', minutes: 20, reason: 'Second 20 minutes' },
  ],
  reason: '42 minutes of clinical staff time',
  ready: true,
});

/** The billing page of a signed-in user; the report answers `answer` for each query sent. */
function openBilling(
  answer: BillingReportAnswer | 'fail' | 'hang',
  role: 'provider' | 'careloop_employee' = 'provider',
) {
  const user = signedInUser({ role, provider_id: role === 'provider' ? 'prov-1' : null });
  const report = '/providers/prov-1/billing-report';
  const { services, requests } = createFakeApi(
    {
      'GET /providers': () => page([{ id: 'prov-1', name: 'Sunrise Family Medicine' }]),
      'GET /providers/prov-1/billing-summary': () => ({
        month: '2026-03',
        patients: 2,
        payment: 106,
        switch: {
          patients: 1,
          gain: 50,
          by_program: { ccm: { patients: 0, gain: 0 }, pcm: { patients: 0, gain: 0 }, apcm: { patients: 1, gain: 50 } },
        },
      }),
      'GET /providers/prov-1/fee-schedule': () => ({
        fee_schedule: { rates: DEFAULT_RATES, custom: false, year: 2025 },
      }),
      [`PUT ${report}/2026-03/patients/p1`]: () => ({
        row: { ...READY, billed: { at: '2026-04-01T15:00:00.000Z', by_name: 'Nora Nurse' }, ready: false },
      }),
      [`GET ${report}`]: (request) => {
        if (answer === 'hang') return hang(request);
        if (answer === 'fail') return serverError(request);
        return answer;
      },
    },
    { user },
  );
  const url = role === 'provider' ? '/provider/billing' : '/admin/billing?org=prov-1';
  renderWithProviders(null, { routes: createAppRoutes(), url, services });
  const queries = () => requestsTo(requests, `GET ${report}`).map((r) => r.query);
  const puts = () => requestsTo(requests, `PUT ${report}/:month/patients/:patientId`).map((r) => r.body);
  return { queries, puts, user: userEvent.setup() };
}

describe('the billing page', { timeout: 30_000 }, () => {
  it('shows each row’s program, expected payment and a "better under" hint, and the month’s summary', async () => {
    openBilling({
      month: '2026-03',
      items: [
        { ...READY, payment: 106 },
        row('p2', { staff_minutes: 10, better: { program: 'apcm', payment: 50, gain: 50 } }),
        row('p3', { program: 'pcm', pcm_condition: 'I50.22', payment: 61 }),
      ],
      next_cursor: null,
    });
    const table = await screen.findByRole('table', { name: /billing report/i });
    const hinted = within(table).getByRole('row', { name: /Patient p2/ });
    expect(within(hinted).getByText('CCM')).toBeVisible();
    expect(within(hinted).getByText('Better under APCM (+$50.00)')).toBeVisible();
    const pcm = within(table).getByRole('row', { name: /Patient p3/ });
    expect(within(pcm).getByText('PCM')).toBeVisible();
    expect(within(pcm).getByText('I50.22')).toBeVisible();
    expect(within(pcm).getByText('$61.00')).toBeVisible();
    expect(await screen.findByText('Expected this month: $106.00 for 2 patients')).toBeVisible();
    expect(screen.getByText(/Switching 1 patients .* would add \$50.00: 1 to APCM \(\+\$50.00\)/)).toBeVisible();
    await expectNoAxeViolations(document.body);
  });

  it('lists one row per patient-month with its figures, codes and reason; a ready one is marked billed', async () => {
    const { puts, user } = openBilling({
      month: '2026-03',
      items: [READY, row('p2', { staff_minutes: 12 })],
      next_cursor: null,
    });

    const table = await screen.findByRole('table', { name: 'Care management billing report, March 2026' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Patient p1',
      'Accepted (2026-01-05)',
      '2',
      '42',
      '0',
      '2',
      'CCM',
      '994909943942 minutes of clinical staff time',
      '$0.00',
      '',
      'Mark billed',
    ]);
    expect(within(second!).getByText('None')).toBeVisible();
    await expectNoAxeViolations(document.body);

    await user.click(within(first!).getByRole('button', { name: 'Mark Patient p1 billed' }));
    await expect.poll(puts).toEqual([{ billed: true }]);
  });

  it("counts the earlier months back from the organization's month, as the report names it", async () => {
    // The browser's month is another (the test runs in 2026 or later, on any date).
    openBilling({ month: '2026-03', items: [], next_cursor: null });
    expect(await screen.findByText('No enrolled patients this month')).toBeVisible();
    const options = within(screen.getByRole('combobox', { name: 'Month' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toHaveLength(13);
    expect(options.slice(0, 3)).toEqual(['This month', 'February 2026', 'January 2026']);
    expect(options.at(-1)).toBe('March 2025');
  });

  it('filters to what is ready to bill, and says so when nothing is', async () => {
    const { queries, user } = openBilling({ month: '2026-03', items: [], next_cursor: null });

    expect(await screen.findByText('No enrolled patients this month')).toBeVisible();
    await user.click(screen.getByRole('switch', { name: 'Ready to bill only' }));

    expect(await screen.findByText('No patient-months are ready to bill')).toBeVisible();
    expect(queries().at(-1)).toMatchObject({ ready: 'true' });
  });

  it('shows a failed load with a way to try again', async () => {
    openBilling('fail');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(BILLING_MESSAGES.fetchFailed);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('lets operators read an organization’s report, without marking anything billed', async () => {
    openBilling({ month: '2026-03', items: [READY], next_cursor: null }, 'careloop_employee');

    const table = await screen.findByRole('table', { name: 'Care management billing report, March 2026' });
    expect(within(table).getByText('Ready to bill')).toBeVisible();
    expect(within(table).queryByRole('button', { name: /Mark .* billed/ })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Organization' })).toHaveValue('prov-1');
  });
});
