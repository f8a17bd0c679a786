import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_MESSAGES, type ChartMonth, type DashboardChartsAnswer } from '../../../../../shared/dashboard';
import { ApiError, type ApiClient, type ApiRequestOptions } from '../../../lib/api-client';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeBackend } from '../../../test/fakes';
import { signedInUser } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';
import { CcmChartsSection } from './ccm-charts-section';

const month = (m: string, overrides: Partial<ChartMonth> = {}): ChartMonth => ({
  month: m,
  enrolled_patients: 0,
  staff_minutes: 0,
  ai_contacts: 0,
  escalations: { Emergent: 0, Urgent: 0, Elective: 0, Normal: 0 },
  meeting_99490: 0,
  ...overrides,
});

const CHARTS: DashboardChartsAnswer = {
  scope: 'organization',
  organizations: { included: 1, total: 1 },
  months: [
    month('2026-01', { enrolled_patients: 8, staff_minutes: 120, ai_contacts: 5, meeting_99490: 3 }),
    month('2026-02', {
      enrolled_patients: 10,
      staff_minutes: 300,
      ai_contacts: 9,
      meeting_99490: 7,
      escalations: { Emergent: 1, Urgent: 2, Elective: 3, Normal: 14 },
    }),
  ],
};

function openCharts(answer: DashboardChartsAnswer | 'fail' | 'hang') {
  const queries: ApiRequestOptions['query'][] = [];
  const api: ApiClient = {
    async request<T>(path: string, options: ApiRequestOptions): Promise<T> {
      if (path !== '/dashboard-charts') throw new ApiError('Not found', 404);
      queries.push(options.query);
      if (answer === 'hang') return new Promise<T>(() => undefined);
      if (answer === 'fail') throw new ApiError(options.fallbackError ?? 'Failed', 500);
      return answer as T;
    },
  };
  renderWithProviders(<CcmChartsSection description="Your practice." />, {
    services: { auth: createFakeBackend(signedInUser()).auth, api },
  });
  return { queries };
}

/**
 * happy-dom lays nothing out and its IntersectionObserver never reports: a stand-in that says an
 * observed element is on screen when `scrollTo` is called, or at once with `onScreen`.
 */
function stubViewport({ onScreen }: { onScreen: boolean }) {
  const watchers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
  const report = (callback: IntersectionObserverCallback, targets: Element[]) =>
    callback(
      targets.map((target) => ({ target, isIntersecting: true })) as unknown as IntersectionObserverEntry[],
      {} as IntersectionObserver,
    );
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly watcher: (typeof watchers)[number];
      constructor(callback: IntersectionObserverCallback) {
        this.watcher = { callback, targets: [] };
        watchers.push(this.watcher);
      }
      observe(target: Element) {
        this.watcher.targets.push(target);
        if (onScreen) report(this.watcher.callback, [target]);
      }
      disconnect() {
        watchers.splice(watchers.indexOf(this.watcher), 1);
      }
    },
  );
  return {
    scrollTo: () => act(() => [...watchers].forEach(({ callback, targets }) => report(callback, targets))),
  };
}

describe('the dashboard charts', { timeout: 30_000 }, () => {
  beforeEach(() => stubViewport({ onScreen: true }));
  afterEach(() => vi.unstubAllGlobals());
  it('says they are loading', async () => {
    openCharts('hang');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading charts...');
  });

  it('shows each chart as a figure whose caption and table give its figures', async () => {
    const { queries } = openCharts(CHARTS);

    const enrolled = await screen.findByRole('figure', { name: 'Enrolled patients' });
    expect(enrolled).toHaveAccessibleDescription('10 enrolled patients in February 2026, 8 in January 2026.');
    const table = within(enrolled).getByRole('table', { name: 'Enrolled patients, by month' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['MonthEnrolled patients', 'January 20268', 'February 202610']);

    const time = screen.getByRole('figure', { name: 'Clinical staff minutes and AI contacts' });
    expect(within(time).getByText('February 2026: 300 clinical staff minutes and 9 AI contacts.')).toBeVisible();
    const levels = screen.getByRole('figure', { name: 'Call summaries by escalation level' });
    expect(within(levels).getByText('February 2026: 1 Emergent, 2 Urgent, 3 Elective and 14 Normal.')).toBeVisible();
    const share = screen.getByRole('figure', { name: 'Enrolled patients meeting 99490' });
    expect(within(share).getByText('February 2026: 7 of 10 enrolled patients (70%) met 99490.')).toBeVisible();
    expect(within(share).getAllByRole('row').at(1)?.textContent).toBe('January 20263838%');

    expect(queries).toEqual([{ months: '6' }]);
    await expectNoAxeViolations(document.body);
  });

  it('says when there is nothing to chart yet', async () => {
    openCharts({ ...CHARTS, months: [month('2026-01'), month('2026-02')] });
    expect(await screen.findByText('No figures yet')).toBeVisible();
    expect(screen.queryByRole('figure')).toBeNull();
    await expectNoAxeViolations(document.body);
  });

  it('says which organizations operators see when not all are counted', async () => {
    openCharts({ ...CHARTS, scope: 'all', organizations: { included: 50, total: 63 } });
    expect(await screen.findByText(/Figures for the 50 newest of 63 organizations\./)).toBeVisible();
  });

  it('fetches neither figures nor charts until they come near the screen', async () => {
    const viewport = stubViewport({ onScreen: false });
    const { queries } = openCharts(CHARTS);

    expect(await screen.findByRole('status')).toHaveTextContent('Loading charts...');
    expect(screen.getByRole('heading', { name: 'Care management, last 6 months' })).toBeVisible();
    expect(queries).toEqual([]);

    viewport.scrollTo();
    expect(await screen.findByRole('figure', { name: 'Enrolled patients' })).toBeVisible();
    expect(queries).toEqual([{ months: '6' }]);
  });

  it('shows a failed load with a way to try again', async () => {
    openCharts('fail');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(DASHBOARD_MESSAGES.chartsFailed);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
