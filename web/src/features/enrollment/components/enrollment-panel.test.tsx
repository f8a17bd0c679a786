import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  PCM_CANDIDATES_HINT,
  type BulkInvitationAnswer,
  type EnrollmentCountsAnswer,
  type EnrollmentListAnswer,
  type PcmCandidatesListAnswer,
} from '../../../../../shared/enrollment/panel';
import { ApiError, type ApiClient, type ApiRequestOptions } from '../../../lib/api-client';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeBackend } from '../../../test/fakes';
import { signedInUser } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ENROLLMENT_WEB_MESSAGES } from '../api/enrollment-panel';
import { EnrollmentPanel } from './enrollment-panel';

const ORG = 'org-1';
const COUNTS: EnrollmentCountsAnswer = {
  counts: { eligible: 2, invited: 0, interested: 1, enrolled: 5, declined: 0, unreachable: 0 },
  pcm_candidates: 3,
};
const patient = (id: string, name: string, hasPhone = true) => ({
  patient_id: id,
  patient_name: name,
  entered_at: '2026-03-01T10:00:00.000Z',
  condition_count: 2,
  has_phone: hasPhone,
  preferred_language: 'en' as const,
});
const ELIGIBLE: EnrollmentListAnswer = {
  stage: 'eligible',
  items: [patient('p1', 'Ada Ames'), patient('p2', 'Ben Bold'), patient('p3', 'Cy Cole', false)],
  next_cursor: null,
};

interface Backend {
  counts: EnrollmentCountsAnswer | 'fail' | 'hang';
  lists?: Partial<Record<string, EnrollmentListAnswer>>;
  pcm?: PcmCandidatesListAnswer;
  invite?: (ids: string[]) => BulkInvitationAnswer;
}

/** The panel of a provider user, over a backend answering as `backend` says; the requests it got. */
function openPanel(backend: Backend) {
  const sent: { path: string; options: ApiRequestOptions }[] = [];
  const api: ApiClient = {
    async request<T>(path: string, options: ApiRequestOptions): Promise<T> {
      sent.push({ path, options });
      if (path === `/providers/${ORG}/enrollment`) {
        if (backend.counts === 'hang') return new Promise<T>(() => undefined);
        if (backend.counts === 'fail') throw new ApiError(options.fallbackError, 500);
        return backend.counts as T;
      }
      if (path === `/providers/${ORG}/enrollment/patients`) {
        const stage = String(options.query?.stage);
        return (backend.lists?.[stage] ?? { stage, items: [], next_cursor: null }) as T;
      }
      if (path === `/providers/${ORG}/enrollment/pcm-candidates`) {
        return (backend.pcm ?? { items: [], next_cursor: null }) as T;
      }
      if (path === `/providers/${ORG}/invitations` && backend.invite) {
        return backend.invite((options.body as { patient_ids: string[] }).patient_ids) as T;
      }
      throw new ApiError('Not found', 404);
    },
  };
  renderWithProviders(<EnrollmentPanel organizationId={ORG} />, {
    services: { auth: createFakeBackend(signedInUser()).auth, api },
  });
  return sent;
}

describe('the Enrollment panel', { timeout: 30_000 }, () => {
  it('says it is loading', async () => {
    openPanel({ counts: 'hang' });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading enrollment...');
  });

  it('counts each stage and lists the eligible patients, linked to their page', async () => {
    openPanel({ counts: COUNTS, lists: { eligible: ELIGIBLE } });
    expect((await screen.findAllByRole('tab')).map((t) => t.textContent)).toEqual([
      'Eligible, not invited (2)',
      'Invited (0)',
      'Interested (1)',
      'Enrolled (5)',
      'Declined (0)',
      'Unreachable (0)',
      'PCM candidates (3)',
    ]);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Ada Ames' })).toHaveAttribute('href', '/provider/patients/p1');
    // No phone: nothing to text.
    expect(within(table).getByRole('checkbox', { name: 'Choose Cy Cole' })).toBeDisabled();
    expect(within(table).getByRole('button', { name: 'Invite Cy Cole by text' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Invite by text' })).toBeDisabled();
    await expectNoAxeViolations(document.body);
  });

  it('invites the chosen patients by text and says who was not invited and why', async () => {
    const sent = openPanel({
      counts: COUNTS,
      lists: { eligible: ELIGIBLE },
      invite: (ids) => ({
        invited: 1,
        results: ids.map((id, i) =>
          i === 0
            ? { patient_id: id, outcome: 'invited', code: null, error: null }
            : {
                patient_id: id,
                outcome: 'refused',
                code: 'text.opted_out',
                error: 'This patient has opted out of text messages',
              },
        ),
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Choose Ada Ames' }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose Ben Bold' }));
    await user.click(screen.getByRole('button', { name: 'Invite by text (2)' }));

    const outcome = await screen.findByText('Invited 1');
    expect(outcome.closest('[role="status"]')).toHaveTextContent(
      'Ben Bold: This patient has opted out of text messages',
    );
    expect(sent.find((r) => r.path === `/providers/${ORG}/invitations`)?.options).toMatchObject({
      method: 'POST',
      body: { channel: 'sms', patient_ids: ['p1', 'p2'] },
    });
    await expectNoAxeViolations(document.body);
  });

  it('invites the chosen patients by call, beside the text, and names each refusal', async () => {
    const sent = openPanel({
      counts: COUNTS,
      lists: { eligible: ELIGIBLE },
      invite: (ids) => ({
        invited: 1,
        results: ids.map((id, i) =>
          i === 0
            ? { patient_id: id, outcome: 'invited', code: null, error: null }
            : {
                patient_id: id,
                outcome: 'refused',
                code: 'call.stopped',
                error: 'This patient asked not to be called again',
              },
        ),
      }),
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Invite by call' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Choose Ada Ames' }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose Ben Bold' }));
    await user.click(screen.getByRole('button', { name: 'Invite by call (2)' }));

    const outcome = await screen.findByText('Invited 1');
    expect(outcome.closest('[role="status"]')).toHaveTextContent('Ben Bold: This patient asked not to be called again');
    expect(sent.find((r) => r.path === `/providers/${ORG}/invitations`)?.options).toMatchObject({
      method: 'POST',
      body: { channel: 'call', patient_ids: ['p1', 'p2'] },
    });
    await expectNoAxeViolations(document.body);
  });

  it('shows a stage with nobody in it, and offers no invitation for enrolled patients', async () => {
    openPanel({
      counts: COUNTS,
      lists: { enrolled: { stage: 'enrolled', items: [patient('p9', 'Di Dunn')], next_cursor: null } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Invited (0)' }));
    expect(await screen.findByText('No invitation is waiting for an answer.')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Enrolled (5)' }));
    expect(await screen.findByRole('link', { name: 'Di Dunn' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Invite/ })).toBeNull();
    await expectNoAxeViolations(document.body);
  });

  it('lists the PCM candidates beside the funnel, with what they are and no invitation', async () => {
    const sent = openPanel({
      counts: COUNTS,
      pcm: { items: [{ ...patient('p7', 'Eve Eng'), condition_count: 1 }], next_cursor: null },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'PCM candidates (3)' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Eve Eng' })).toHaveAttribute('href', '/provider/patients/p7');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Eve Eng1');
    expect(screen.getByText(PCM_CANDIDATES_HINT)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Invite/ })).toBeNull();
    expect(sent.filter((r) => r.path === `/providers/${ORG}/enrollment/pcm-candidates`)).toHaveLength(1);
    await expectNoAxeViolations(document.body);
  });

  it('shows no PCM candidate in words', async () => {
    openPanel({ counts: { ...COUNTS, pcm_candidates: 0 } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'PCM candidates (0)' }));
    expect(await screen.findByText('No patient has exactly one chronic condition.')).toBeVisible();
    await expectNoAxeViolations(document.body);
  });

  it('shows a failed load with a way to try again', async () => {
    openPanel({ counts: 'fail' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ENROLLMENT_WEB_MESSAGES.countsFailed);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    await expectNoAxeViolations(document.body);
  });
});
