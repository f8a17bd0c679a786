import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CallLinesForecast } from '../../../../../shared/call-lines';
import { CALL_LINES_FORECAST_TEXTS as TEXTS } from '../../../../../shared/texts';
import { ApiError } from '../../../lib/api-client';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeApi } from '../../../test/fakes';
import { renderWithProviders } from '../../../test/render-with-providers';
import { CallLinesForecastCard } from './call-lines-forecast-card';

const forecast = (peak: CallLinesForecast['peak'], budget = 200): CallLinesForecast => ({
  computed_at: '2026-11-27T08:00:00.000Z',
  budget,
  mean_call_seconds: 257,
  window_hours: 3,
  total_calls: peak ? 512_400 : 0,
  peak,
  days: [],
});

/** The card in New York, the forecast route answering `answer`. */
function openCard(answer: () => unknown) {
  const { services } = createFakeApi({ 'GET /call-lines/forecast': answer }, { unmatched: 'hang' });
  return renderWithProviders(<CallLinesForecastCard timeZone="America/New_York" />, { services });
}

describe('the Next 30 days card', { timeout: 30_000 }, () => {
  it('says it is loading', async () => {
    openCard(() => new Promise(() => undefined));
    expect(await screen.findByRole('status')).toHaveTextContent(TEXTS.loading);
    await expectNoAxeViolations(document.body);
  });

  it('warns when the budget is short at the peak, with the hour in local time', async () => {
    openCard(() => ({ forecast: forecast({ hour: '2026-12-01T14:00:00.000Z', calls: 7600, slots_needed: 212 }) }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Short by 12 call lines at the peak (Tue Dec 1, 9–10 AM EST): 212 needed, 200 in the budget.',
    );
    expect(screen.getByRole('region', { name: 'Next 30 days' })).toBeVisible();
    expect(screen.getByText('Tue Dec 1, 9–10 AM EST')).toBeVisible();
    expect(screen.getByText('7,600')).toBeVisible();
    expect(screen.getByText('212 of 200')).toBeVisible();
    await expectNoAxeViolations(document.body);
  });

  it('says the budget is enough without an alert', async () => {
    openCard(() => ({ forecast: forecast({ hour: '2026-12-01T14:00:00.000Z', calls: 300, slots_needed: 9 }, 10) }));
    expect(await screen.findByText(TEXTS.enough(9, 10))).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    await expectNoAxeViolations(document.body);
  });

  it('shows the empty state with no check-ins scheduled', async () => {
    openCard(() => ({ forecast: forecast(null) }));
    expect(await screen.findByText(TEXTS.empty)).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    await expectNoAxeViolations(document.body);
  });

  it('says there is no forecast yet before the job first ran', async () => {
    openCard(() => ({ forecast: null }));
    expect(await screen.findByText(TEXTS.notYet)).toBeVisible();
    expect(screen.getByText(TEXTS.notYetDescription)).toBeVisible();
    await expectNoAxeViolations(document.body);
  });

  it('shows a failed load with a retry', async () => {
    openCard(() => {
      throw new ApiError(TEXTS.loadFailed, 500);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.loadFailed);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expectNoAxeViolations(document.body);
  });
});
