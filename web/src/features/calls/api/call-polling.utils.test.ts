import { describe, expect, it } from 'vitest';
import type { CallStatus } from '../../../../../shared/values/calls';
import { createFakeBackend } from '../../../test/fakes';
import { ACTIVE_CALL_POLL_MS, activeCallsRefetchInterval } from './call-polling.utils';
import { patientCallsQueryOptions } from './get-patient-calls';
import { recentCallsQueryOptions } from './get-recent-calls';

const calls = (...statuses: CallStatus[]) => statuses.map((status) => ({ status }));

describe('polling while a call is active', () => {
  it.each([
    ['queued', ACTIVE_CALL_POLL_MS],
    ['in_progress', ACTIVE_CALL_POLL_MS],
    ['scheduled', false],
    ['completed', false],
    ['failed', false],
    ['cancelled', false],
  ] as const)('a list holding a %s call polls: %s', (status, expected) => {
    expect(activeCallsRefetchInterval(calls('completed', status))).toBe(expected);
  });

  it('polls every 3 s when any of several lists has an active call, and not before the first answer', () => {
    expect(ACTIVE_CALL_POLL_MS).toBe(3000);
    expect(activeCallsRefetchInterval(calls('scheduled'), calls('completed', 'queued'))).toBe(3000);
    expect(activeCallsRefetchInterval(calls('scheduled'), calls('completed', 'failed'))).toBe(false);
    expect(activeCallsRefetchInterval(undefined, undefined)).toBe(false);
    expect(activeCallsRefetchInterval([])).toBe(false);
  });

  it("drives the patient's calls query: on while a call is in progress, off once it has ended", () => {
    const options = patientCallsQueryOptions(createFakeBackend().api, 'pat-1');
    const interval = options.refetchInterval as (query: { state: { data: unknown } }) => number | false;
    const page = (scheduled: unknown[], history: unknown[]) => ({
      pages: [{ scheduled, history: { items: history, next_cursor: null } }],
    });
    expect(interval({ state: { data: page([], calls('in_progress')) } })).toBe(3000);
    expect(interval({ state: { data: page(calls('scheduled'), calls('completed')) } })).toBe(false);
    expect(interval({ state: { data: undefined } })).toBe(false);
  });

  it('drives the operator list of recent calls the same way', () => {
    const options = recentCallsQueryOptions(createFakeBackend().api);
    const interval = options.refetchInterval as (query: { state: { data: unknown } }) => number | false;
    const page = (items: unknown[]) => ({ pages: [{ items, next_cursor: null }] });
    expect(interval({ state: { data: page(calls('queued')) } })).toBe(3000);
    expect(interval({ state: { data: page(calls('completed')) } })).toBe(false);
  });
});
