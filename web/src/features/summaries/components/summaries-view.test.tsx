import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SummaryItem } from '../../../../../shared/summaries';
import { ApiError } from '../../../lib/api-client';
import { createFakeApi, type FakeApiAnswer } from '../../../test/fakes';
import { summaryCounts, summaryItem } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';
import { summariesPage, summariesServer } from '../../../test/summaries-server';
import { SummariesView } from './summaries-view';

function renderView(routes: Record<string, FakeApiAnswer>) {
  const { services, requests } = createFakeApi(routes);
  const view = renderWithProviders(<SummariesView back={{ href: '/provider', label: 'Back to Dashboard' }} />, {
    services,
  });
  return { ...view, requests, user: userEvent.setup() };
}

const listRequests = (requests: ReturnType<typeof renderView>['requests']) =>
  requests.filter((r) => r.path === '/summaries').map((r) => r.query);
const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const disabled = (element: HTMLElement) => (element as HTMLButtonElement | HTMLInputElement).disabled;
const rows = () => within(screen.getByRole('list', { name: 'Summaries' })).getAllByRole('listitem');

/** Newest first, one at every level and status. */
const ITEMS: SummaryItem[] = [
  summaryItem({
    id: 's1',
    call_id: 'c1',
    patient_name: 'Margaret Alvarez',
    escalation_level: 'Emergent',
    note_to_doctor: 'Warning signs reported; please follow up immediately.',
    summary: 'Check-in ended early.\nThe assistant told the patient to call 911 now.',
    duration: 725,
    version: 3,
    created_at: '2025-03-14T15:00:00.000Z',
  }),
  summaryItem({
    id: 's2',
    call_id: 'c2',
    patient_name: 'Unknown Patient',
    escalation_level: 'Urgent',
    duration: 7,
    created_at: '2025-03-12T15:00:00.000Z',
  }),
  summaryItem({
    id: 's3',
    call_id: 'c3',
    patient_name: 'Harold Brooks',
    status: 'successful',
    escalation_level: 'Normal',
    created_at: '2025-03-10T15:00:00.000Z',
  }),
  summaryItem({
    id: 's4',
    call_id: 'c4',
    patient_name: 'Ruth Chen',
    status: 'added_to_emr',
    escalation_level: 'Normal',
    created_at: '2025-03-08T15:00:00.000Z',
  }),
];

beforeEach(() => {
  // Only the clock: the month filter starts from the browser's month until the server names its own.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2025, 2, 20, 12) });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('call summaries', { timeout: 30_000 }, () => {
  it("asks for this month's Incomplete tab and shows every tab with its count, Follow-up hidden at zero", async () => {
    const { requests } = renderView(summariesServer(ITEMS).routes);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('heading', { level: 1, name: 'Call Summaries' }).textContent).toBe('Call Summaries');
    expect(tabNames()).toEqual(['Incomplete2', 'Successful1', 'Added to EMR1', 'Emergency1', 'Urgent1']);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Incomplete2');
    // This month is the server's to name (the organization's, in its time zone).
    expect(listRequests(requests)).toEqual([{ tab: 'requires_followup' }]);
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/provider');
  });

  it('shows the Follow-up tab once it has entries', async () => {
    renderView(
      summariesServer([...ITEMS, summaryItem({ id: 's5', call_id: 'c5', escalation_level: 'Elective' })]).routes,
    );
    expect((await screen.findByRole('tab', { name: /^Follow-up/ })).textContent).toBe('Follow-up1');
    expect(tabNames().at(-1)).toBe('Follow-up1');
  });

  it('lists patient, time, m:ss duration, escalation and status, and the preview, newest first', async () => {
    renderView(summariesServer(ITEMS).routes);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = rows() as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Margaret Alvarez').textContent).toBe('Margaret Alvarez');
    expect(first.textContent).toMatch(/Mar 14, 2025, \d{1,2}:00\s?[AP]M · Duration 12:05/);
    expect(within(first).getByText('Emergent').textContent).toBe('Emergent');
    expect(within(first).getByText('Incomplete').textContent).toBe('Incomplete');
    expect(
      within(first)
        .getByText(/^Check-in ended early\./)
        .getAttribute('data-line-clamp'),
    ).not.toBeNull();
    expect(within(second).getByText('Unknown Patient').textContent).toBe('Unknown Patient');
    expect(second.textContent).toContain('Duration 0:07');
    expect(within(second).getByText('Urgent').textContent).toBe('Urgent');
  });

  it('switches from an empty default tab to the first tab with entries, and disables empty tabs', async () => {
    const { requests } = renderView(summariesServer(ITEMS.slice(2)).routes);
    await waitFor(() => expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Successful1'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('Harold Brooks');
    expect(listRequests(requests).map((q) => q.tab)).toEqual(['requires_followup', 'successful']);
    expect(disabled(screen.getByRole('tab', { name: /^Incomplete/ }))).toBe(true);
    expect(disabled(screen.getByRole('tab', { name: /^Added to EMR/ }))).toBe(false);
  });

  it("says 'No summaries need follow-up' when the month has no summaries at all", async () => {
    renderView({ 'GET /summaries': () => summariesPage('requires_followup', [], summaryCounts()) });
    const empty = await screen.findByText('No summaries need follow-up');
    expect(empty.textContent).toBe('No summaries need follow-up');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Incomplete0');
    expect(screen.queryByRole('list', { name: 'Summaries' })).toBeNull();
  });

  it("keeps the chosen tab in a month without summaries and gives its own text: 'No emergency escalations'", async () => {
    const march = summariesServer(ITEMS).routes['GET /summaries']!;
    const { user } = renderView({
      'GET /summaries': (request) =>
        request.query.month === undefined ? march(request) : summariesPage('Emergent', [], summaryCounts()),
    });
    await user.click(await screen.findByRole('tab', { name: /^Emergency\s*1$/ }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'February 2025');
    const empty = await screen.findByText('No emergency escalations');
    expect(empty.textContent).toBe('No emergency escalations');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Emergency0');
  });

  it("filters by month: 'All' and the 13 most recent months, labelled by name", async () => {
    const { requests, user } = renderView(summariesServer(ITEMS).routes);
    const select = await screen.findByRole('combobox', { name: 'Month' });
    expect((select as HTMLSelectElement).value).toBe('2025-03');
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toHaveLength(14);
    expect(options.slice(0, 3)).toEqual(['All', 'March 2025', 'February 2025']);
    expect(options.at(-1)).toBe('March 2024');
    await user.selectOptions(select, 'All');
    await waitFor(() => expect(listRequests(requests).at(-1)).toEqual({ month: 'all', tab: 'requires_followup' }));
  });

  it("starts from this month as the server names it (the organization's), not the browser's", async () => {
    // The browser is still in March; the practice's time zone is already in April.
    const { requests, user } = renderView({
      'GET /summaries': ({ query }) =>
        summariesPage('requires_followup', [], summaryCounts(), null, query.month ?? '2025-04'),
    });
    const select = await screen.findByRole('combobox', { name: 'Month' });
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe('2025-04'));
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options.slice(0, 3)).toEqual(['All', 'April 2025', 'March 2025']);
    expect(options.at(-1)).toBe('April 2024');

    await user.selectOptions(select, 'March 2025');
    await waitFor(() => expect(listRequests(requests).at(-1)).toEqual({ month: '2025-03', tab: 'requires_followup' }));
    // Back to this month: asked for as before, not by its name.
    await user.selectOptions(select, 'April 2025');
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe('2025-04'));
    expect(listRequests(requests).filter((q) => q.month === '2025-04')).toEqual([]);
  });

  it("shows 'Failed to fetch summaries' when the list cannot be loaded, or the server's own text", async () => {
    renderView({
      'GET /summaries': ({ fallbackError }) => {
        throw new ApiError(fallbackError, 500);
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch summariesTry again');
  });

  it("shows the server's text when it gives one", async () => {
    renderView({
      'GET /summaries': () => {
        throw new ApiError('Please choose a month', 400);
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Please choose a monthTry again');
  });

  it("pages with 'Load more' using the server's cursor", async () => {
    const many = Array.from({ length: 3 }, (_, i) =>
      summaryItem({ id: `m${i}`, call_id: `m${i}`, patient_name: `Patient ${i}` }),
    );
    const { requests, user } = renderView(summariesServer(many, { pageSize: 2 }).routes);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(listRequests(requests).at(-1)).toEqual({ tab: 'requires_followup', cursor: '2' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

describe('summary detail modal', { timeout: 30_000 }, () => {
  async function openFirst(routes: Record<string, FakeApiAnswer> = summariesServer(ITEMS).routes) {
    const view = renderView(routes);
    await view.user.click(await screen.findByRole('button', { name: /^Margaret Alvarez/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Margaret Alvarez' });
    return { ...view, dialog };
  }

  it('shows the summary with its line breaks, the escalation note and the transcript on demand', async () => {
    const { dialog, user } = await openFirst();
    expect(within(dialog).getByText('Escalation Assessment: Emergent').textContent).toBe(
      'Escalation Assessment: Emergent',
    );
    expect(within(dialog).getByText('Note to Doctor:').parentElement?.textContent).toBe(
      'Note to Doctor: Warning signs reported; please follow up immediately.',
    );
    expect(within(dialog).getByText(/^Check-in ended early\./).textContent).toBe(
      'Check-in ended early.\nThe assistant told the patient to call 911 now.',
    );
    expect(within(dialog).getByText('Duration 12:05').textContent).toBe('Duration 12:05');
    expect((await within(dialog).findByText('Sunrise Family Medicine')).textContent).toBe('Sunrise Family Medicine');

    const toggle = within(dialog).getByRole('button', { name: 'Show Transcript' });
    expect(within(dialog).queryByRole('list', { name: 'Transcript' })).toBeNull();
    await user.click(toggle);
    const turns = within(within(dialog).getByRole('list', { name: 'Transcript' })).getAllByRole('listitem');
    expect(turns.map((t) => t.textContent)).toEqual([
      'AssistantHello, is this Margaret Alvarez?',
      'PatientYes, speaking.',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Hide Transcript' }));
    expect(within(dialog).queryByRole('list', { name: 'Transcript' })).toBeNull();
  });

  it('walks the list with → and ←, and the Previous/Next buttons, then Escape closes', async () => {
    const { dialog, user } = await openFirst();
    expect(within(dialog).getByText('1 of 2').textContent).toBe('1 of 2');
    expect(disabled(within(dialog).getByRole('button', { name: 'Previous' }))).toBe(true);

    await user.keyboard('{ArrowRight}');
    await screen.findByRole('dialog', { name: 'Unknown Patient' });
    expect(screen.getByText('2 of 2').textContent).toBe('2 of 2');
    expect(disabled(screen.getByRole('button', { name: 'Next' }))).toBe(true);

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Unknown Patient' }).textContent).toContain('2 of 2');

    await user.keyboard('{ArrowLeft}');
    await screen.findByRole('dialog', { name: 'Margaret Alvarez' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('dialog', { name: 'Unknown Patient' });

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("'Move to Successful' sends the status and the item's version, then the counts move", async () => {
    const { dialog, user, requests } = await openFirst();
    expect(within(dialog).queryByRole('button', { name: 'Move to Incomplete' })).toBeNull();
    expect(disabled(within(dialog).getByRole('switch', { name: 'Added to EMR' }))).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Move to Successful' }));

    const patch = await waitFor(() => {
      const found = requests.find((r) => r.method === 'PATCH');
      expect(found).toBeDefined();
      return found!;
    });
    expect(patch).toMatchObject({ path: '/calls/c1/summary-status', body: { status: 'successful', version: 3 } });
    expect((await within(dialog).findByRole('button', { name: 'Move to Incomplete' })).textContent).toBe(
      'Move to Incomplete',
    );
    expect(disabled(within(dialog).getByRole('switch', { name: 'Added to EMR' }))).toBe(false);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /^Incomplete/, hidden: true }).textContent).toBe('Incomplete1'),
    );
    expect(screen.getByRole('tab', { name: /^Successful/, hidden: true }).textContent).toBe('Successful2');
  });

  it('the Added to EMR switch sends added_to_emr with the new version, and hides the move buttons', async () => {
    const { dialog, user, requests } = await openFirst();
    await user.click(within(dialog).getByRole('button', { name: 'Move to Successful' }));
    const emr = await within(dialog).findByRole('switch', { name: 'Added to EMR' });
    await waitFor(() => expect(disabled(emr)).toBe(false));
    await user.click(emr);
    await waitFor(() =>
      expect((within(dialog).getByRole('switch', { name: 'Added to EMR' }) as HTMLInputElement).checked).toBe(true),
    );
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { status: 'successful', version: 3 },
      { status: 'added_to_emr', version: 4 },
    ]);
    expect(within(dialog).queryByRole('button', { name: /^Move to/ })).toBeNull();
  });

  it('shows the 409 text in the modal when someone else changed the summary first', async () => {
    const server = summariesServer(ITEMS);
    const { dialog, user } = await openFirst(server.routes);
    await within(dialog).findByText('Sunrise Family Medicine');
    // A colleague moves it first: the server's version is now ahead of the one on screen.
    server.store[0]!.version = 4;
    await user.click(within(dialog).getByRole('button', { name: 'Move to Successful' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This summary was changed by someone else. Reload and try again.',
    );
  });

  it("shows 'Failed to update summary status' when the server gives no text", async () => {
    const routes = summariesServer(ITEMS).routes;
    routes['PATCH /calls/c1/summary-status'] = ({ fallbackError }) => {
      throw new ApiError(fallbackError, 500);
    };
    const { dialog, user } = await openFirst(routes);
    await user.click(within(dialog).getByRole('button', { name: 'Move to Successful' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to update summary status');
  });

  it('closes on Escape pressed anywhere in the modal', async () => {
    const { dialog } = await openFirst();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
