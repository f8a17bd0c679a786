import type { Metrics } from '@aws-lambda-powertools/metrics';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TWILIO_UNKNOWN_SENDER, countUnknownSender } from './text-metrics';
import { metrics } from '../kernel/observability';

afterEach(() => vi.restoreAllMocks());

describe('countUnknownSender', () => {
  it('publishes one message for an unknown sender with no dimension, as the alarm reads it', () => {
    const calls: unknown[][] = [];
    const single = {
      clearDefaultDimensions: () => void calls.push(['clearDefaultDimensions']),
      addDimension: (name: string, value: string) => void calls.push(['addDimension', name, value]),
      addMetric: (name: string, unit: string, value: number) => void calls.push(['addMetric', name, unit, value]),
    };
    vi.spyOn(metrics, 'singleMetric').mockReturnValue(single as unknown as Metrics);

    countUnknownSender();

    expect(calls).toEqual([['clearDefaultDimensions'], ['addMetric', TWILIO_UNKNOWN_SENDER, 'Count', 1]]);
  });
});
