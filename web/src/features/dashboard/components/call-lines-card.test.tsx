import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallLinesResponse } from '../../../../../shared/calls';
import { CALL_LINES_TEXTS as TEXTS } from '../../../../../shared/texts';
import { ApiError } from '../../../lib/api-client';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeApi } from '../../../test/fakes';
import { renderWithProviders } from '../../../test/render-with-providers';
import { CALL_LINES_REFRESH_MS } from '../api/call-lines';
import { CallLinesCard } from './call-lines-card';

const lines = (over: Partial<CallLinesResponse> = {}): CallLinesResponse => ({
  budget: 10,
  reserved_for_people: 1,
  in_use: 7,
  held_by_alerts: 1,
  waiting: 3,
  oldest_waiting_since: '2026-11-27T14:00:00.000Z',
  ...over,
});

/** The card in New York, `GET /call-lines` answering `answer`. */
function openCard(answer: () => unknown) {
  const fake = createFakeApi({ 'GET /call-lines': answer }, { unmatched: 'hang' });
  const view = renderWithProviders(<CallLinesCard timeZone="America/New_York" />, { services: fake.services });
  const asked = () => fake.requests.filter((r) => r.path === '/call-lines').length;
  return { ...view, asked };
}

const card = () => screen.getByRole('region', { name: 'Call lines' });

/** Hides or shows the page as a browser does when the tab goes to the background. */
function setPageHidden(hidden: boolean) {
  if (hidden) Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  else Reflect.deleteProperty(document, 'visibilityState');
  document.dispatchEvent(new Event('visibilitychange'));
  window.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  setPageHidden(false);
  vi.useRealTimers();
});

describe('the Call lines card', { timeout: 30_000 }, () => {
  it('says it is loading', async () => {
    openCard(() => new Promise(() => undefined));
    expect(await screen.findByRole('status')).toHaveTextContent(TEXTS.loading);
    expect(card()).toBeVisible();
    await expectNoAxeViolations(document.body);
  });

  it('shows the lines in use of the budget, the reserve, the calls waiting and the oldest wait in words', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-11-27T14:04:30.000Z'));
    openCard(() => lines());

    const bar = await screen.findByRole('progressbar', { name: 'Call lines in use' });
    expect(bar).toHaveAttribute('aria-valuenow', '7');
    expect(bar).toHaveAttribute('aria-valuemax', '10');
    expect(bar).toHaveAttribute('aria-valuetext', '7 of 10 in use');
    expect(card()).toHaveTextContent('7 of 10 in use');
    expect(card()).toHaveTextContent('1 line is held back for staff calls, call links and spoken alerts.');
    expect(card()).toHaveTextContent(/Calls waiting\s*3/);
    expect(card()).toHaveTextContent(/Spoken alerts to staff\s*1/);
    // The wait in the operator's own time (New York), measured to when the answer came.
    expect(card()).toHaveTextContent('waiting 4 minutes (since 9:00 AM EST)');
    expect(card()).toHaveTextContent('Updated 9:04 AM EST');
    // A line is still free for check-ins: the calls waiting get one at their next try, no warning.
    expect(screen.queryByText(/Every line check-ins may use is busy/)).toBeNull();
    await expectNoAxeViolations(document.body);
  });

  it('warns when every line a check-in may use is busy and calls are waiting', async () => {
    openCard(() => lines({ in_use: 9, waiting: 12 }));
    const warning = await screen.findByText(TEXTS.full(12));
    expect(warning).toHaveTextContent('Every line check-ins may use is busy: 12 calls are waiting for one.');
    expect(warning.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Call lines in use' })).toHaveAttribute(
      'aria-valuetext',
      '9 of 10 in use',
    );
    await expectNoAxeViolations(document.body);
  });

  it('gives no warning when the lines are busy but nothing waits, or calls wait while a line is free', async () => {
    const answers = [lines({ in_use: 10, waiting: 0, oldest_waiting_since: null }), lines({ in_use: 8, waiting: 2 })];
    const { queryClient } = openCard(() => answers.shift() ?? lines({ in_use: 8, waiting: 2 }));
    expect(await screen.findByText('10 of 10 in use')).toBeVisible();
    expect(card()).toHaveTextContent(/Oldest wait\s*None waiting/);
    expect(screen.queryByText(/Every line check-ins may use is busy/)).toBeNull();

    await act(() => queryClient.refetchQueries());
    expect(await screen.findByText('8 of 10 in use')).toBeVisible();
    expect(screen.queryByText(/Every line check-ins may use is busy/)).toBeNull();
  });

  it('holds nothing back with a budget of one line, and says so by leaving the reserve out', async () => {
    openCard(() => lines({ budget: 1, reserved_for_people: 0, in_use: 1, waiting: 1 }));
    expect(await screen.findByText(TEXTS.full(1))).toBeVisible();
    expect(screen.queryByText(/held back/)).toBeNull();
  });

  it('shows the empty state when no call holds a line and none waits', async () => {
    openCard(() => lines({ in_use: 0, held_by_alerts: 0, waiting: 0, oldest_waiting_since: null }));
    expect(await screen.findByText(TEXTS.empty)).toBeVisible();
    expect(screen.getByText(TEXTS.emptyDescription(10))).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();
    await expectNoAxeViolations(document.body);
  });

  it('shows a failed load with a retry that loads the lines', async () => {
    let fail = true;
    const { asked } = openCard(() => {
      if (fail) throw new ApiError(TEXTS.loadFailed, 500);
      return lines();
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.loadFailed);
    await expectNoAxeViolations(document.body);

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('progressbar', { name: 'Call lines in use' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(asked()).toBe(2);
  });

  it('asks again every 30 s while the page is visible, never while it is hidden, and stops when closed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const waiting = [3, 5];
    const { asked, unmount } = openCard(() => lines({ waiting: waiting.shift() ?? 6 }));
    await waitFor(() => expect(card()).toHaveTextContent(/Calls waiting\s*3/));
    expect(asked()).toBe(1);

    // The clock also moves on its own (a few ms per step): the margins leave room for that.
    await act(() => vi.advanceTimersByTimeAsync(CALL_LINES_REFRESH_MS - 2000));
    expect(asked()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(asked()).toBe(2);
    await waitFor(() => expect(card()).toHaveTextContent(/Calls waiting\s*5/));

    // A background tab sends nothing, however long it stays hidden.
    setPageHidden(true);
    await act(() => vi.advanceTimersByTimeAsync(3 * CALL_LINES_REFRESH_MS));
    expect(asked()).toBe(2);

    // Back on screen: the data is stale, so it asks once at once, then every 30 s again.
    setPageHidden(false);
    await waitFor(() => expect(asked()).toBe(3));
    await act(() => vi.advanceTimersByTimeAsync(CALL_LINES_REFRESH_MS + 500));
    expect(asked()).toBe(4);

    unmount();
    await act(() => vi.advanceTimersByTimeAsync(3 * CALL_LINES_REFRESH_MS));
    expect(asked()).toBe(4);
  });

  it('asks again on Refresh, once however often it is pressed while a request is under way', async () => {
    const pending: ((value: CallLinesResponse) => void)[] = [];
    let first = true;
    const { asked } = openCard(() => {
      if (first) {
        first = false;
        return lines();
      }
      return new Promise<CallLinesResponse>((resolve) => pending.push(resolve));
    });
    const user = userEvent.setup();
    await screen.findByText('7 of 10 in use');
    const refresh = screen.getByRole('button', { name: 'Refresh' });

    await user.click(refresh);
    await waitFor(() => expect(asked()).toBe(2));
    await user.click(refresh).catch(() => undefined);
    expect(asked()).toBe(2);

    await act(async () => pending[0]?.(lines({ in_use: 9, waiting: 4 })));
    expect(await screen.findByText('9 of 10 in use')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  });
});
