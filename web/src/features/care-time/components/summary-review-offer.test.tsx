import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '../../../app/router';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeApi, requestsTo } from '../../../test/fakes';
import { signedInUser, summaryItem } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';
import { summariesServer } from '../../../test/summaries-server';
import { reviewMinutes } from './summary-review-offer';

/** The summaries page of a signed-in user, with one summary to follow up; posted time entries are kept. */
function openSummaries(role: 'provider' | 'careloop_employee') {
  const user = signedInUser({ role, provider_id: role === 'provider' ? 'prov-1' : null });
  const server = summariesServer([
    summaryItem({ call_id: 'c1', patient_id: 'pat-1', patient_name: 'Margaret Alvarez' }),
  ]);
  const { services, requests } = createFakeApi(
    { ...server.routes, 'POST /patients/:patientId/time-entries': () => ({ entry: {}, totals: {} }) },
    { user },
  );
  const url = role === 'provider' ? '/provider/summaries' : '/admin/summaries';
  renderWithProviders(null, { routes: createAppRoutes(), url, services });
  const posted = () =>
    requestsTo(requests, 'POST /patients/:patientId/time-entries').map(({ path, body }) => ({ path, body }));
  return { posted, user: userEvent.setup() };
}

async function readAndClose(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /Margaret Alvarez/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Margaret Alvarez' });
  await user.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
}

describe('summary review time', { timeout: 30_000 }, () => {
  it('rounds the time a summary was open to whole minutes, at least one', () => {
    expect([reviewMinutes(5_000), reviewMinutes(89_000), reviewMinutes(91_000), reviewMinutes(600_000)]).toEqual([
      1, 1, 2, 10,
    ]);
  });

  it("offers provider staff, when the summary closes, to log its review for the call's patient in one click", async () => {
    const { posted, user } = openSummaries('provider');
    await readAndClose(user);

    const offer = await screen.findByRole('region', { name: 'Log summary review time' });
    expect(offer).toHaveTextContent("Log 1 minute reviewing Margaret Alvarez's call summary as care management time?");
    await expectNoAxeViolations(offer);
    await user.click(within(offer).getByRole('button', { name: 'Log 1 minute' }));

    await expect.poll(posted).toEqual([
      {
        path: '/patients/pat-1/time-entries',
        body: { minutes: 1, activity: 'Call summary review', source: 'summary_review', call_id: 'c1' },
      },
    ]);
    await expect.poll(() => screen.queryByRole('region', { name: 'Log summary review time' })).toBeNull();
  });

  it('is dismissed in one click, logging nothing', async () => {
    const { posted, user } = openSummaries('provider');
    await readAndClose(user);

    await user.click(
      within(await screen.findByRole('region', { name: 'Log summary review time' })).getByRole('button', {
        name: 'Dismiss',
      }),
    );

    expect(screen.queryByRole('region', { name: 'Log summary review time' })).toBeNull();
    expect(posted()).toEqual([]);
  });

  it('is never offered to operators, who log no care management time', async () => {
    const { user } = openSummaries('careloop_employee');
    await readAndClose(user);

    expect(await screen.findByRole('button', { name: /Margaret Alvarez/ })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Log summary review time' })).toBeNull();
  });
});
