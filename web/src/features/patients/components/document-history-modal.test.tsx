import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DocumentRevision, DocumentRevisionPage } from '../../../../../shared/domain';
import { ApiError } from '../../../lib/api-client';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeApi, hang, serverError } from '../../../test/fakes';
import { renderWithProviders } from '../../../test/render-with-providers';
import { DocumentHistoryModal } from './document-history-modal';

const revision = (version: number, name: string): DocumentRevision => ({
  version,
  content: `Plan, version ${version}`,
  saved_at: `2026-03-0${version}T15:30:00.000Z`,
  author: { user_id: `user-${name}`, name },
});

/** The revisions route, answering pages by cursor; 'fail' answers every request with a server error. */
function revisionsApi(pages: Record<string, DocumentRevisionPage> | 'fail' | 'hang') {
  const { services, requests } = createFakeApi({
    'GET /patients/pat-1/care-plan/revisions': (request) => {
      if (pages === 'hang') return hang(request);
      if (pages === 'fail') return serverError(request);
      const page = pages[request.query.cursor ?? 'first'];
      if (!page) throw new ApiError('Invalid cursor', 400);
      return page;
    },
  });
  renderWithProviders(
    <DocumentHistoryModal
      patientId="pat-1"
      kind="care_plan"
      patientName="Margaret Alvarez"
      opened
      onClose={() => undefined}
    />,
    { services },
  );
  return { requests, user: userEvent.setup() };
}

const dialog = () => screen.findByRole('dialog', { name: 'Care Plan History: Margaret Alvarez' });

describe('care plan history', { timeout: 30_000 }, () => {
  it('lists the saved versions newest first with time, author and content, and loads more on demand', async () => {
    const { requests, user } = revisionsApi({
      first: { items: [revision(3, 'Nora Ellis'), revision(2, 'Avery Morgan')], next_cursor: 'c2' },
      c2: { items: [revision(1, 'Nora Ellis')], next_cursor: null },
    });
    const modal = await dialog();
    const list = await within(modal).findByRole('list', { name: 'Saved versions' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Version 3Mar 3, 2026, \d+:30 [AP]M by Nora EllisPlan, version 3$/),
      expect.stringMatching(/^Version 2Mar 2, 2026, \d+:30 [AP]M by Avery MorganPlan, version 2$/),
    ]);
    await expectNoAxeViolations(modal);

    await user.click(within(modal).getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByText('Plan, version 1')).toBeVisible();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(modal).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(requests.map(({ path, query }) => ({ path, cursor: query.cursor }))).toEqual([
      { path: '/patients/pat-1/care-plan/revisions', cursor: undefined },
      { path: '/patients/pat-1/care-plan/revisions', cursor: 'c2' },
    ]);
  });

  it('says so when there is no saved version', async () => {
    revisionsApi({ first: { items: [], next_cursor: null } });
    const modal = await dialog();
    expect(await within(modal).findByText('No saved versions of this care plan yet.')).toBeVisible();
    await expectNoAxeViolations(modal);
  });

  it('shows a loader while the history loads', async () => {
    revisionsApi('hang');
    const modal = await dialog();
    expect(await within(modal).findByRole('status')).toBeVisible();
    expect(within(modal).getByLabelText('Loading the care plan history')).toBeVisible();
  });

  it('shows the failure with a way to try again', async () => {
    const { requests, user } = revisionsApi('fail');
    const modal = await dialog();
    const alert = await within(modal).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the care plan history');
    await expectNoAxeViolations(modal);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await within(modal).findByRole('alert');
    expect(requests).toHaveLength(2);
  });
});
