/**
 * Capacity planning (DECISIONS "Outreach capacity", docs/capacity-planning.md): the call lines the
 * next 30 days of scheduled calls need at their peak hour, against the deployment's budget.
 */
import {
  CALL_WINDOW_HOURS,
  FORECAST_HOURS,
  MEAN_CALL_SECONDS,
  forecastFromCounts,
  forecastStart,
  hourlyCounts,
  type CallLinesForecast,
  type CallLinesForecastAnswer,
} from '../../shared/call-lines';
import type { Actor } from '../kernel/actor';
import { assertEmployee } from '../kernel/access';
import type { Clock } from '../kernel/ports';
import type { CallLinesForecastStore } from './ports';

export interface ForecastJobDeps {
  forecasts: CallLinesForecastStore;
  clock: Clock;
  /** The deployment's concurrent-call budget (VAPI_CONCURRENCY). */
  callLines: number;
}

/**
 * Job forecast-call-lines (hourly): counts the pending scheduled calls of the 30 days per UTC hour,
 * a page at a time, and stores the forecast in place of the last one.
 */
export async function forecastCallLinesJob(deps: ForecastJobDeps): Promise<CallLinesForecast> {
  const now = deps.clock.now();
  const from = forecastStart(now);
  const to = new Date(from.getTime() + FORECAST_HOURS * 3_600_000);
  const counts = new Array<number>(FORECAST_HOURS).fill(0);
  for await (const page of deps.forecasts.dueTimes(from.toISOString(), to.toISOString())) {
    const inPage = hourlyCounts(page, from, FORECAST_HOURS);
    for (let hour = 0; hour < FORECAST_HOURS; hour++) counts[hour] = (counts[hour] ?? 0) + (inPage[hour] ?? 0);
  }
  const forecast: CallLinesForecast = {
    computed_at: now.toISOString(),
    budget: deps.callLines,
    mean_call_seconds: MEAN_CALL_SECONDS,
    window_hours: CALL_WINDOW_HOURS,
    ...forecastFromCounts(counts, from),
  };
  await deps.forecasts.save(forecast);
  return forecast;
}

/** GET the forecast (operators only): the stored item, or null before the job first ran. */
export async function getCallLinesForecast(
  deps: { forecasts: CallLinesForecastStore },
  actor: Actor,
): Promise<CallLinesForecastAnswer> {
  assertEmployee(actor);
  return { forecast: await deps.forecasts.read() };
}
