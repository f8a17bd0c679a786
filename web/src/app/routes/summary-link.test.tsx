import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../../shared/roles';
import type { SummaryLinkResponse } from '../../../../shared/summary-link';
import { createAppRoutes } from '../router';
import { ApiError } from '../../lib/api-client';
import { deferredAnswer } from '../../test/deferred';
import { createFakeApi } from '../../test/fakes';
import { signedInUser } from '../../test/records';
import { renderWithProviders } from '../../test/render-with-providers';

function summaryLink(overrides: Partial<SummaryLinkResponse> = {}): SummaryLinkResponse {
  return {
    accessedAt: '2026-03-04T15:30:00.000Z',
    callLog: {
      id: 'call-1',
      createdAt: '2026-03-04T15:00:00.000Z',
      duration: 125,
      summary: 'Feeling well overall.\nBlood pressure readings are higher this week.',
      transcript: [
        { speaker: 'assistant', text: 'Hello Margaret, this is your care assistant.' },
        { speaker: 'patient', text: 'Hi, my readings were high this week.' },
      ],
      successEvaluation: true,
      escalationLevel: 'Urgent',
      noteToDoctor: 'Please review the blood pressure readings.',
    },
    patient: {
      first_name: 'Margaret',
      last_name: 'Alvarez',
      email: 'margaret@example.test',
      phone_number: '+18135550106',
    },
    provider: {
      name: 'Sunrise Family Medicine',
      phone: '+18135550100',
      email: 'office@sunrise.example',
      address: '1 Main St, Tampa FL',
    },
    ...overrides,
  };
}

/** The real route table, signed in as `role`, with `GET /summary-links/{token}` answered by `answer`. */
function openSummary(answer: () => Promise<unknown>, role: Role = 'provider', token = 'tok_1') {
  let answerNext = answer;
  const { services, requests } = createFakeApi(
    { 'GET /summary-links/:token': () => answerNext() },
    { user: signedInUser({ role }) },
  );
  const view = renderWithProviders(null, { routes: createAppRoutes(), url: `/summary/${token}`, services });
  return {
    ...view,
    requests,
    user: userEvent.setup(),
    answerWith: (next: () => Promise<unknown>) => {
      answerNext = next;
    },
  };
}

/** In the document and not inside a `hidden` element: what a sighted user could see. */
const shown = (element: HTMLElement) => element.isConnected && element.closest('[hidden]') === null;
const card = (name: string) => screen.getByRole('region', { name });
const definition = (region: HTMLElement, term: string) =>
  within(region).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('CallSummaryPage', () => {
  it('shows every card of the summary to provider staff, with the transcript behind its toggle', async () => {
    const { answer, settle } = deferredAnswer<SummaryLinkResponse>();
    const { requests, user } = openSummary(answer);

    expect(shown(await screen.findByText('Loading summary...'))).toBe(true);
    expect(shown(screen.getByRole('heading', { level: 1, name: 'Call Summary' }))).toBe(true);
    expect(shown(screen.getByText('Healthcare Provider Access'))).toBe(true);
    // The request starts in the page's effect, which may run after the loading state is painted.
    await waitFor(() =>
      expect(requests.map(({ path, fallbackError }) => ({ path, fallbackError }))).toEqual([
        { path: '/summary-links/tok_1', fallbackError: 'Failed to load summary data' },
      ]),
    );
    settle(summaryLink());

    const information = await screen.findByRole('region', { name: 'Call Information' });
    expect(screen.queryByText('Loading summary...')).toBeNull();
    expect(shown(screen.getByText(/^Accessed Mar 4, 2026/))).toBe(true);
    expect(shown(within(information).getByText('Successful'))).toBe(true);
    expect(shown(within(information).getByText('Call Summary'))).toBe(true);
    expect(definition(information, 'Created')).toMatch(/^Mar 4, 2026/);
    expect(definition(information, 'Duration')).toBe('2:05');

    const escalation = card('Escalation Assessment');
    expect(shown(within(escalation).getByText('Urgent'))).toBe(true);
    expect(escalation.textContent).toContain('Note to Doctor: Please review the blood pressure readings.');

    const patient = card('Patient Information');
    expect(definition(patient, 'Name')).toBe('Margaret Alvarez');
    expect(definition(patient, 'Email')).toBe('margaret@example.test');
    expect(definition(patient, 'Phone')).toBe('+18135550106');

    const provider = card('Healthcare Provider');
    expect(definition(provider, 'Practice Name')).toBe('Sunrise Family Medicine');
    expect(definition(provider, 'Phone')).toBe('+18135550100');
    expect(definition(provider, 'Email')).toBe('office@sunrise.example');
    expect(definition(provider, 'Address')).toBe('1 Main St, Tampa FL');

    const summary = screen.getByRole('region', { name: 'Call Summary' });
    expect(within(summary).getByText(/Feeling well overall/).textContent).toBe(
      'Feeling well overall.\nBlood pressure readings are higher this week.',
    );

    const transcript = card('Call Transcript');
    const toggle = within(transcript).getByRole('button', { name: 'Show Transcript' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(transcript).queryAllByRole('listitem')).toHaveLength(0);
    await user.click(toggle);
    expect(toggle.textContent).toBe('Hide Transcript');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const turns = within(transcript).getAllByRole('listitem');
    expect(turns.map((turn) => turn.textContent)).toEqual([
      'AssistantHello Margaret, this is your care assistant.',
      'PatientHi, my readings were high this week.',
    ]);
    expect(within(transcript).getByRole('region', { name: 'Transcript' }).style.maxHeight).toBe('24rem');
    await user.click(toggle);
    expect(within(transcript).queryAllByRole('listitem')).toHaveLength(0);

    expect(
      shown(screen.getByText('Provider Secure Access • Link expires after 30 days • Confidential Medical Information')),
    ).toBe(true);
    expect(screen.getByRole('link', { name: 'Back to All Summaries' }).getAttribute('href')).toBe(
      '/provider/summaries',
    );
    expect(requests).toHaveLength(1);
  });

  it('sends operators back to /admin/summaries', async () => {
    openSummary(async () => summaryLink(), 'careloop_employee');
    await screen.findByRole('region', { name: 'Call Information' });
    expect(screen.getByRole('link', { name: 'Back to All Summaries' }).getAttribute('href')).toBe('/admin/summaries');
  });

  it('leaves out what the call or link does not have', async () => {
    openSummary(async () =>
      summaryLink({
        callLog: {
          ...summaryLink().callLog,
          duration: null,
          summary: '  ',
          transcript: [],
          successEvaluation: false,
          escalationLevel: 'Normal',
          noteToDoctor: null,
        },
        patient: null,
        provider: null,
      }),
    );
    const information = await screen.findByRole('region', { name: 'Call Information' });
    expect(shown(within(information).getByText('Requires Follow-up'))).toBe(true);
    expect(within(information).queryByText('Duration')).toBeNull();
    expect(shown(screen.getByText('No summary available for this call.'))).toBe(true);
    for (const name of ['Escalation Assessment', 'Patient Information', 'Healthcare Provider', 'Call Transcript']) {
      expect(screen.queryByRole('region', { name })).toBeNull();
    }
  });

  it.each([
    ['Emergent', 'Please call the patient today.'],
    ['Elective', null],
  ] as const)('shows a %s escalation, with the note only when there is one', async (level, note) => {
    openSummary(async () =>
      summaryLink({ callLog: { ...summaryLink().callLog, escalationLevel: level, noteToDoctor: note } }),
    );
    const escalation = await screen.findByRole('region', { name: 'Escalation Assessment' });
    expect(shown(within(escalation).getByText(level))).toBe(true);
    expect(within(escalation).queryByText('Note to Doctor:') !== null).toBe(note !== null);
  });

  it.each([
    ['Access denied - You can only view summaries from your organization', 'summary.other_organization'],
    ['Access denied - Provider or admin authentication required', 'summary.staff_only'],
  ])('shows the refusal "%s" as given, and no summary', async (text, code) => {
    openSummary(() => Promise.reject(new ApiError(text, 403, code)));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(text);
    expect(screen.queryByRole('region', { name: 'Call Information' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('tells the visitor of an unusable link to check it or contact their provider', async () => {
    openSummary(() => Promise.reject(new ApiError('Invalid or expired magic link', 404, 'link.invalid')));
    const alert = await screen.findByRole('alert');
    expect(shown(within(alert).getByText('Invalid or expired magic link'))).toBe(true);
    expect(
      shown(
        within(alert).getByText(
          'Please check that you opened the complete link, or contact your provider for a new one.',
        ),
      ),
    ).toBe(true);
  });

  it("shows 'Failed to validate magic link: {reason}' when the server fails, and loads again on 'Try again'", async () => {
    const view = openSummary(() =>
      Promise.reject(new ApiError('Something went wrong. Please try again.', 500, 'internal')),
    );
    const alert = await screen.findByRole('alert');
    expect(
      shown(within(alert).getByText('Failed to validate magic link: Something went wrong. Please try again.')),
    ).toBe(true);

    view.answerWith(async () => summaryLink());
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(shown(await screen.findByRole('region', { name: 'Call Information' }))).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows 'Failed to load summary data' when no answer came", async () => {
    openSummary(() => Promise.reject(new ApiError('Failed to load summary data', 0)));
    const alert = await screen.findByRole('alert');
    expect(shown(within(alert).getByText('Failed to load summary data'))).toBe(true);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it.each(['/summary/', '/summary'])(
    "says 'Invalid magic link - no token provided' at %s, signed out, without asking the server",
    async (url) => {
      const { services, requests } = createFakeApi({}, { user: null });
      const { router } = renderWithProviders(null, { routes: createAppRoutes(), url, services });
      const alert = await screen.findByRole('alert');
      expect(shown(within(alert).getByText('Invalid magic link - no token provided'))).toBe(true);
      expect(router.state.location.pathname).toBe(url);
      expect(requests.filter((r) => r.path.startsWith('/summary-links'))).toEqual([]);
    },
  );

  it('never asks the server for a patient: the route denies them first', async () => {
    const { requests } = openSummary(async () => summaryLink(), 'patient');
    expect(shown(await screen.findByText('Access denied - Provider or admin authentication required'))).toBe(true);
    expect(requests).toEqual([]);
  });
});
