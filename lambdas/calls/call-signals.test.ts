import type { Metrics } from '@aws-lambda-powertools/metrics';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CALL_LINE_WAIT, CALL_WAITING_FOR_LINE, VAPI_MESSAGE_UNMATCHED } from './call-metrics';
import { VAPI_CALL_COST } from '../kernel/usage-metrics';
import { callSignals } from './call-signals';
import { metrics } from '../kernel/observability';

/** The single metric each signal publishes, as calls made on it. */
function recordSingleMetric() {
  const calls: unknown[][] = [];
  const single = {
    clearDefaultDimensions: () => void calls.push(['clearDefaultDimensions']),
    addDimension: (name: string, value: string) => void calls.push(['addDimension', name, value]),
    addMetric: (name: string, unit: string, value: number) => void calls.push(['addMetric', name, unit, value]),
  };
  vi.spyOn(metrics, 'singleMetric').mockReturnValue(single as unknown as Metrics);
  return calls;
}

afterEach(() => vi.restoreAllMocks());

describe('callSignals', () => {
  it('publishes an unmatched message with its reason as the only dimension', () => {
    const calls = recordSingleMetric();

    callSignals.unmatched('vendor_id_mismatch');

    expect(calls).toEqual([
      ['clearDefaultDimensions'],
      ['addDimension', 'reason', 'vendor_id_mismatch'],
      ['addMetric', VAPI_MESSAGE_UNMATCHED, 'Count', 1],
    ]);
  });

  it("publishes a stored report's cost in dollars with no dimension, as the daily spend alarm reads it", () => {
    const calls = recordSingleMetric();

    callSignals.callCost(0.42);

    expect(calls).toEqual([['clearDefaultDimensions'], ['addMetric', VAPI_CALL_COST, 'None', 0.42]]);
  });

  it('publishes calls waiting for a line and their wait with no dimension (never an id)', () => {
    const calls = recordSingleMetric();

    callSignals.waitingForLine();
    callSignals.lineWait(95);

    expect(calls).toEqual([
      ['clearDefaultDimensions'],
      ['addMetric', CALL_WAITING_FOR_LINE, 'Count', 1],
      ['clearDefaultDimensions'],
      ['addMetric', CALL_LINE_WAIT, 'Seconds', 95],
    ]);
  });
});
