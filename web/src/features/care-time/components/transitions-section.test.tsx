import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TRANSITION_MESSAGES, type Transition, type TransitionsAnswer } from '../../../../../shared/care-transitions';
import { addDays, todayIn } from '../../../../../shared/time-preferences';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeApi, hang, requestsTo, serverError, type FakeApiRequest } from '../../../test/fakes';
import { signedInUser } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';
import { TransitionsSection, transitionFormErrors } from './transitions-section';

const TZ = 'America/New_York';
const TODAY = todayIn(TZ, new Date());

const transition = (fields: Partial<Transition>): Transition => ({
  id: '2026-12-01_x',
  kind: 'hospital_discharge',
  date: '2026-12-01',
  facility: 'St. Mary Medical Center',
  note: null,
  recorded_by_name: 'Nora Nurse',
  recorded_at: '2026-12-01T20:00:00.000Z',
  follow_up: { status: 'due', due_by: '2026-12-03' },
  ...fields,
});

const PAGE: TransitionsAnswer = {
  items: [
    transition({
      id: 'a',
      date: '2026-12-01',
      follow_up: {
        status: 'followed_up',
        due_by: '2026-12-03',
        contact: { kind: 'check_in_call', id: 'call-1', at: '2026-12-03T15:00:00.000Z' },
        on: '2026-12-03',
        late: false,
      },
    }),
    transition({
      id: 'b',
      kind: 'ed_visit',
      date: '2026-11-30',
      facility: null,
      follow_up: { status: 'due', due_by: '2026-12-04' },
    }),
    transition({
      id: 'c',
      kind: 'snf_discharge',
      date: '2026-11-20',
      follow_up: { status: 'overdue', due_by: '2026-11-24' },
    }),
  ],
  next_cursor: null,
};

function renderSection(
  routes: Record<string, (request: FakeApiRequest) => unknown>,
  role: 'provider' | 'careloop_employee' = 'provider',
) {
  const { services, requests } = createFakeApi(routes, {
    user: signedInUser({ id: 'user-1', role, provider_id: role === 'provider' ? 'prov-1' : null }),
  });
  const view = renderWithProviders(
    <TransitionsSection patientId="pat-1" timezone={TZ} canRecord={role === 'provider'} />,
    { services },
  );
  return { ...view, requests, user: userEvent.setup() };
}

describe('the care transitions section', () => {
  it('shows each transition with its kind, date, facility and follow-up in words', async () => {
    const { container } = renderSection({ 'GET /patients/pat-1/transitions': () => PAGE });
    const section = await screen.findByRole('region', { name: TRANSITION_MESSAGES.title });
    expect(await within(section).findByText('Hospital discharge, Dec 1, 2026 — St. Mary Medical Center')).toBeVisible();
    expect(within(section).getByText('Followed up Dec 3 by a check-in call')).toBeVisible();
    expect(within(section).getByText('ED visit, Nov 30, 2026')).toBeVisible();
    expect(within(section).getByText('Follow-up due by Dec 4')).toBeVisible();
    expect(within(section).getByText('Overdue since Nov 24')).toBeVisible();
    await expectNoAxeViolations(container);
  });

  it('says so when none is recorded', async () => {
    const { container } = renderSection({
      'GET /patients/pat-1/transitions': () => ({ items: [], next_cursor: null }),
    });
    expect(await screen.findByText(TRANSITION_MESSAGES.empty)).toBeVisible();
    await expectNoAxeViolations(container);
  });

  it('shows loading, then an error with a retry that reads again', async () => {
    let fail = true;
    const { requests, user, container } = renderSection({
      'GET /patients/pat-1/transitions': (request) => (fail ? serverError(request) : PAGE),
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading care transitions...');
    expect(await screen.findByText(TRANSITION_MESSAGES.fetchFailed)).toBeVisible();
    await expectNoAxeViolations(container);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Follow-up due by Dec 4')).toBeVisible();
    expect(requestsTo(requests, 'GET /patients/pat-1/transitions')).toHaveLength(2);
  });

  it('keeps loading visible while the read runs', () => {
    renderSection({ 'GET /patients/pat-1/transitions': hang });
    expect(screen.getByRole('status')).toHaveTextContent('Loading care transitions...');
  });

  it('records a discharge from the modal: field errors in words first, then the trimmed body', async () => {
    const { requests, user } = renderSection({
      'GET /patients/pat-1/transitions': () => ({ items: [], next_cursor: null }),
      'POST /patients/pat-1/transitions': () => ({ transition: transition({ date: TODAY }) }),
    });
    await screen.findByText(TRANSITION_MESSAGES.empty);
    await user.click(screen.getByRole('button', { name: TRANSITION_MESSAGES.record }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a discharge or ED visit' });
    await expectNoAxeViolations(dialog);

    const date = within(dialog).getByLabelText('Discharge date');
    await user.clear(date);
    await user.type(date, addDays(TODAY, 1));
    await user.type(within(dialog).getByLabelText(/Facility/), 'x'.repeat(201));
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await within(dialog).findByText(TRANSITION_MESSAGES.dateInFuture)).toBeVisible();
    expect(within(dialog).getByText(TRANSITION_MESSAGES.facilityTooLong)).toBeVisible();
    expect(requestsTo(requests, 'POST /patients/pat-1/transitions')).toHaveLength(0);
    await expectNoAxeViolations(dialog);

    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'ed_visit');
    await user.clear(date);
    await user.type(date, TODAY);
    await user.clear(within(dialog).getByLabelText(/Facility/));
    await user.type(within(dialog).getByLabelText(/Facility/), '  General Hospital ');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));

    await screen.findByRole('button', { name: TRANSITION_MESSAGES.record });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsTo(requests, 'POST /patients/pat-1/transitions')[0]?.body).toEqual({
      kind: 'ed_visit',
      date: TODAY,
      facility: 'General Hospital',
      note: null,
    });
    // The list reads again after the record.
    expect(requestsTo(requests, 'GET /patients/pat-1/transitions').length).toBeGreaterThan(1);
  });

  it('shows the server’s refusal in the modal', async () => {
    const { user } = renderSection({
      'GET /patients/pat-1/transitions': () => ({ items: [], next_cursor: null }),
      'POST /patients/pat-1/transitions': (request) => serverError(request),
    });
    await screen.findByText(TRANSITION_MESSAGES.empty);
    await user.click(screen.getByRole('button', { name: TRANSITION_MESSAGES.record }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await within(dialog).findByText(TRANSITION_MESSAGES.saveFailed)).toBeVisible();
  });

  it('shows operators the list without the button', async () => {
    renderSection({ 'GET /patients/pat-1/transitions': () => PAGE }, 'careloop_employee');
    await screen.findByText('Follow-up due by Dec 4');
    expect(screen.queryByRole('button', { name: TRANSITION_MESSAGES.record })).toBeNull();
  });
});

describe('the form’s field errors', () => {
  const input = { kind: 'hospital_discharge', date: TODAY, facility: '', note: '' };
  it('names each field in words', () => {
    expect(transitionFormErrors(input, TODAY)).toEqual({});
    expect(transitionFormErrors({ ...input, date: '' }, TODAY)).toEqual({ date: TRANSITION_MESSAGES.dateInvalid });
    expect(transitionFormErrors({ ...input, date: '2026-02-30' }, TODAY)).toEqual({
      date: TRANSITION_MESSAGES.dateInvalid,
    });
    expect(transitionFormErrors({ ...input, date: addDays(TODAY, -366) }, TODAY)).toEqual({
      date: TRANSITION_MESSAGES.dateTooOld,
    });
    expect(transitionFormErrors({ ...input, note: 'x'.repeat(1001) }, TODAY)).toEqual({
      note: TRANSITION_MESSAGES.noteTooLong,
    });
  });
});
