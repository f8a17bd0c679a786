import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { createFakeApi, type FakeApiAnswer } from '../../../test/fakes';
import { callLog, page } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';
import { CallLogsModal } from './call-logs-modal';
import { ScheduledCallsModal } from './scheduled-calls-modal';

function Opener({ which }: { which: 'logs' | 'scheduled' }) {
  const [opened, setOpened] = useState(false);
  const Modal = which === 'logs' ? CallLogsModal : ScheduledCallsModal;
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <Modal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

async function open(which: 'logs' | 'scheduled', routes: Record<string, FakeApiAnswer>) {
  const { services, requests } = createFakeApi(routes);
  renderWithProviders(<Opener which={which} />, { services });
  const user = userEvent.setup();
  const button = await screen.findByRole('button', { name: 'Open' });
  const before = requests.length;
  await user.click(button);
  return { requests, before, user };
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

describe("operators' call lists", { timeout: 30_000 }, () => {
  it("'Last 50 calls' asks for the calls only when opened: Patient, Provider, Status, Duration, Time", async () => {
    const { requests, before } = await open('logs', {
      'GET /calls': () =>
        page([
          callLog({ duration: 125 }),
          callLog({ id: 'c2', patient_name: 'Harold Brooks', status: 'in_progress', duration: null }),
        ]),
    });
    expect(before).toBe(0);
    const dialog = await screen.findByRole('dialog', { name: 'Last 50 calls' });
    const table = await within(dialog).findByRole('table');
    expect(headers(table)).toEqual(['Patient', 'Provider', 'Status', 'Duration', 'Time']);
    const [, first, second] = within(table).getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(cells(first).slice(0, 4)).toEqual(['Margaret Alvarez', 'Sunrise Family Medicine', 'Completed', '2:05']);
    expect(cells(first)[4]).toMatch(/^Mar 4, 2025, \d{1,2}:00\s?[AP]M$/);
    expect(cells(second).slice(0, 4)).toEqual(['Harold Brooks', 'Sunrise Family Medicine', 'In Progress', '—']);
    expect(requests.map((r) => r.path)).toEqual(['/calls']);
  });

  it("'Load more calls' appends the next page, then disappears on the last one", async () => {
    const { requests, user } = await open('logs', {
      'GET /calls': ({ query }) =>
        query?.cursor === 'page-2'
          ? page([callLog({ id: 'c2', patient_name: 'Harold Brooks' })])
          : page([callLog()], 'page-2'),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Last 50 calls' });
    await user.click(await within(dialog).findByRole('button', { name: 'Load more calls' }));
    expect(await within(dialog).findByText('Harold Brooks')).toBeVisible();
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => cells(row)[0])).toEqual(['Margaret Alvarez', 'Harold Brooks']);
    expect(within(dialog).queryByRole('button', { name: 'Load more calls' })).toBeNull();
    expect(requests.map((r) => r.query?.cursor)).toEqual([undefined, 'page-2']);
    expect(requests.every((r) => r.query?.limit === '50')).toBe(true);
  });

  it("'Last 50 calls' shows 'No calls yet' when none has been placed", async () => {
    const empty = await open('logs', { 'GET /calls': () => page([]) });
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('No calls yet'));
    expect(empty.requests).toHaveLength(1);
  });

  it("'Last 50 calls' shows 'Failed to fetch calls' when the list cannot be loaded", async () => {
    await open('logs', {
      'GET /calls': ({ fallbackError }) => {
        throw new ApiError(fallbackError, 500);
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Last 50 calls' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to fetch callsTry again');
  });

  it("'Scheduled Calls': Patient, Provider, Scheduled Time, Time Preference ('Not specified'), Created", async () => {
    const { before } = await open('scheduled', {
      'GET /calls/scheduled': () =>
        page([
          callLog({ status: 'scheduled', scheduled_at: '2025-03-11T14:00:00.000Z', time_preference: 'evening' }),
          callLog({ id: 'c2', status: 'scheduled', scheduled_at: '2025-03-12T14:00:00.000Z', time_preference: null }),
        ]),
    });
    expect(before).toBe(0);
    const dialog = await screen.findByRole('dialog', { name: 'Scheduled Calls' });
    const table = await within(dialog).findByRole('table');
    expect(headers(table)).toEqual(['Patient', 'Provider', 'Scheduled Time', 'Time Preference', 'Created']);
    const [, first, second] = within(table).getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(cells(first)[2]).toMatch(/^Mar 11, 2025/);
    expect(cells(first)[3]).toBe('Evening (6 PM - 9 PM)');
    expect(cells(first)[4]).toMatch(/^Mar 4, 2025/);
    expect(cells(second)[3]).toBe('Not specified');
  });

  it("'Scheduled Calls' shows 'No scheduled calls' when none is pending", async () => {
    await open('scheduled', { 'GET /calls/scheduled': () => page([]) });
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('No scheduled calls'));
  });

  it("'Scheduled Calls' shows 'Failed to fetch scheduled calls' when the list cannot be loaded", async () => {
    await open('scheduled', {
      'GET /calls/scheduled': ({ fallbackError }) => {
        throw new ApiError(fallbackError, 500);
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch scheduled callsTry again');
  });
});
