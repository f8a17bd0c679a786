import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CARE_TIME_MESSAGES, type TimeEntriesAnswer, type TimeEntry } from '../../../../../shared/care-time';
import { todayIn } from '../../../../../shared/time-preferences';
import { createAppRoutes } from '../../../app/router';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeApi, hang, requestsTo, serverError } from '../../../test/fakes';
import { patientDetail, signedInUser, timeEntriesMonth, timeEntry } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';
import { timerStorageKey } from './timer.utils';

const entry = (id: string, overrides: Partial<TimeEntry> = {}) => timeEntry({ id, ...overrides });

/** The patient page for a signed-in user; the time log answers `answer`, and what was posted is kept. */
function openPatient(
  answer: TimeEntriesAnswer | 'fail' | 'hang',
  role: 'provider' | 'careloop_employee' = 'provider',
  timezone = 'America/New_York',
) {
  const user = signedInUser({ role, provider_id: role === 'provider' ? 'prov-1' : null });
  const detail = patientDetail();
  const { services, requests } = createFakeApi(
    {
      'GET /patients/pat-1': () => ({ ...detail, provider: { ...detail.provider, timezone } }),
      'GET /patients/pat-1/time-entries': (request) => {
        if (answer === 'hang') return hang(request);
        if (answer === 'fail') return serverError(request);
        return answer;
      },
      'POST /patients/pat-1/time-entries': () => ({ entry: entry('new'), totals: timeEntriesMonth().totals }),
    },
    // The page's other panels stay loading: this test is about the time log.
    { user, unmatched: 'hang' },
  );
  const url = role === 'provider' ? '/provider/patients/pat-1' : '/admin/patients/pat-1';
  renderWithProviders(null, { routes: createAppRoutes(), url, services });
  const posted = () => requestsTo(requests, 'POST /patients/pat-1/time-entries').map((r) => r.body);
  return { posted, user: userEvent.setup() };
}

const panel = () => screen.findByRole('region', { name: 'Care Management Time' });

afterEach(() => window.localStorage.clear());

describe('care management time on the patient page', { timeout: 30_000 }, () => {
  it("shows this month's minutes against the thresholds, AI contacts apart, and the log with a voided entry struck through", async () => {
    openPatient(
      timeEntriesMonth({
        items: [
          entry('2026-03_b~void', { voids: { id: '2026-03_b', reason: 'Typed 50 instead of 5' }, minutes: 50 }),
          entry('2026-03_c', { minutes: 24, activity: 'Medication reconciliation' }),
          entry('2026-03_b', { minutes: 50, activity: 'Care coordination' }),
        ],
        totals: { staff_minutes: 24, practitioner_minutes: 0, non_clinical_minutes: 0, ai_contacts: 3, ai_minutes: 18 },
      }),
    );
    const section = await panel();

    expect(await within(section).findByText('March 2026: 24 clinical staff minutes')).toBeVisible();
    const marks = within(section).getByRole('list', { name: 'Clinical staff minute thresholds' });
    expect(
      within(marks)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['20 minutes: met', '40 minutes: not yet', '60 minutes: not yet']);
    expect(within(section).getByText('Next: 40 minutes (16 minutes to go)')).toBeVisible();
    expect(within(section).getByText('AI assistant contacts: 3 (documented as contacts, not minutes)')).toBeVisible();
    const rows = within(within(section).getByRole('table', { name: 'Time entries this month' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[2]!).getByText('Voided by Nora Nurse: Typed 50 instead of 5')).toBeVisible();
    expect(within(rows[2]!).getByText('Care coordination')).toHaveStyle({ textDecoration: 'line-through' });
    await expectNoAxeViolations(section);
  });

  it('shows a loading state while the month loads', async () => {
    openPatient('hang');
    expect(await within(await panel()).findByText('Loading care management time...')).toBeVisible();
  });

  it('says when nothing is logged yet', async () => {
    openPatient(timeEntriesMonth());
    expect(await within(await panel()).findByText('No time logged this month yet.')).toBeVisible();
    await expectNoAxeViolations(await panel());
  });

  it('shows a failed load with a way to try again', async () => {
    openPatient('fail');
    const alert = await within(await panel()).findByRole('alert');
    expect(alert).toHaveTextContent(CARE_TIME_MESSAGES.fetchFailed);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('adds time by hand, refusing minutes the server would refuse', async () => {
    const { posted, user } = openPatient(timeEntriesMonth());
    const form = await within(await panel()).findByRole('form', { name: 'Add time manually' });

    await user.type(within(form).getByLabelText('Minutes'), '0');
    await user.click(within(form).getByRole('button', { name: 'Add time' }));
    expect(await within(form).findByText(CARE_TIME_MESSAGES.minutesInvalid)).toBeVisible();
    expect(posted()).toEqual([]);

    await user.clear(within(form).getByLabelText('Minutes'));
    await user.type(within(form).getByLabelText('Minutes'), '15');
    await user.selectOptions(within(form).getByLabelText('Activity'), 'Medication reconciliation');
    await user.type(within(form).getByLabelText('Note (optional)'), 'Checked doses');
    await user.click(within(form).getByRole('button', { name: 'Add time' }));

    expect(await within(form).findByText(CARE_TIME_MESSAGES.saved)).toBeVisible();
    expect(posted()).toEqual([
      expect.objectContaining({
        minutes: 15,
        activity: 'Medication reconciliation',
        note: 'Checked doses',
        source: 'manual',
      }),
    ]);
  });

  it("dates an entry by the organization's day, which the server checks, not the browser's", async () => {
    // Of two zones 25 hours apart, one is always on another day than this machine.
    const now = new Date();
    const browserToday = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    const zone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((z) => todayIn(z, now) !== browserToday)!;
    openPatient(timeEntriesMonth(), 'provider', zone);
    const form = await within(await panel()).findByRole('form', { name: 'Add time manually' });

    const date = within(form).getByLabelText('Date');
    expect(date).toHaveValue(todayIn(zone, now));
    expect(date).toHaveAttribute('max', todayIn(zone, now));
  });

  it('keeps a running timer across a reload and saves its whole minutes with an activity', async () => {
    window.localStorage.setItem(
      timerStorageKey('user-1'),
      JSON.stringify({ patientId: 'pat-1', startedAt: Date.now() - 5 * 60_000 - 10_000, accumulatedMs: 0 }),
    );
    const { posted, user } = openPatient(timeEntriesMonth());
    const section = await panel();

    expect(await within(section).findByRole('timer')).toHaveTextContent(/^05:1\d$/);
    expect(within(section).getByText('Timer: 5 minutes elapsed')).toHaveAttribute('aria-live', 'polite');
    await user.click(within(section).getByRole('button', { name: 'Stop' }));
    expect(await within(section).findByText('Save 5 minutes?')).toBeVisible();
    await user.click(within(section).getByRole('button', { name: 'Save time' }));

    expect(await within(section).findByRole('button', { name: 'Start timer' })).toBeVisible();
    expect(posted()).toEqual([{ minutes: 5, activity: 'Care plan review', source: 'timer' }]);
    expect(window.localStorage.getItem(timerStorageKey('user-1'))).toBeNull();
  });

  it('offers to discard a timer stopped before 30 seconds', async () => {
    const { posted, user } = openPatient(timeEntriesMonth());
    const section = await panel();

    await user.click(await within(section).findByRole('button', { name: 'Start timer' }));
    expect(JSON.parse(window.localStorage.getItem(timerStorageKey('user-1')) ?? '{}')).toMatchObject({
      patientId: 'pat-1',
    });
    await user.click(within(section).getByRole('button', { name: 'Stop' }));
    expect(await within(section).findByText('Less than 30 seconds was timed: nothing to log.')).toBeVisible();
    await user.click(within(section).getByRole('button', { name: 'Discard' }));

    expect(await within(section).findByRole('button', { name: 'Start timer' })).toBeVisible();
    expect(posted()).toEqual([]);
    expect(window.localStorage.getItem(timerStorageKey('user-1'))).toBeNull();
  });

  it('lets one timer run per user: another patient’s timer blocks this one', async () => {
    window.localStorage.setItem(
      timerStorageKey('user-1'),
      JSON.stringify({ patientId: 'pat-2', startedAt: Date.now(), accumulatedMs: 0 }),
    );
    openPatient(timeEntriesMonth());
    const section = await panel();

    expect(await within(section).findByText(/Your timer is running for another patient/)).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Start timer' })).toBeNull();
  });

  it('corrects an entry with a reason', async () => {
    const { posted, user } = openPatient(timeEntriesMonth({ items: [entry('2026-03_a', { minutes: 50 })] }));
    const section = await panel();

    await user.click(await within(section).findByRole('button', { name: 'Correct the 50-minute entry of 2026-03-02' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct a time entry' });
    await user.click(within(dialog).getByRole('button', { name: 'Void entry' }));
    expect(await within(dialog).findByText(CARE_TIME_MESSAGES.reasonRequired)).toBeVisible();
    await user.type(within(dialog).getByLabelText('Reason'), 'Wrong patient');
    await user.click(within(dialog).getByRole('button', { name: 'Void entry' }));

    await expect.poll(posted).toEqual([{ voids: '2026-03_a', reason: 'Wrong patient' }]);
  });

  it('shows operators the month without the timer or the form, and a billed month frozen', async () => {
    openPatient(
      timeEntriesMonth({ billed: { at: '2026-04-01T15:00:00.000Z', by_name: 'Nora Nurse' } }),
      'careloop_employee',
    );
    const section = await panel();

    expect(await within(section).findByText(/its time entries are frozen/)).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Start timer' })).toBeNull();
    expect(within(section).queryByRole('form', { name: 'Add time manually' })).toBeNull();
  });
});
