import { describe, expect, it } from 'vitest';
import {
  MAKE_CALL_SUCCESS_CLOSE_MS,
  SCHEDULE_CALL_SUCCESS_CLOSE_MS,
  callRequestPhase,
  canClose,
} from './call-request.utils';

const mutation = (state: Partial<{ isPending: boolean; isSuccess: boolean; isError: boolean }>) => ({
  isPending: false,
  isSuccess: false,
  isError: false,
  ...state,
});

describe('call request modal states (product-rules.md "Calls")', () => {
  it('goes idle → starting → success or error', () => {
    expect(callRequestPhase(mutation({}))).toBe('idle');
    expect(callRequestPhase(mutation({ isPending: true }))).toBe('starting');
    expect(callRequestPhase(mutation({ isSuccess: true }))).toBe('success');
    expect(callRequestPhase(mutation({ isError: true }))).toBe('error');
  });

  it('blocks closing only while starting', () => {
    expect(canClose('starting')).toBe(false);
    expect(['idle', 'success', 'error'].map((phase) => canClose(phase as 'idle'))).toEqual([true, true, true]);
  });

  it('closes a started call after 3 s and a scheduled one after 2 s (product-rules.md "Limits")', () => {
    expect(MAKE_CALL_SUCCESS_CLOSE_MS).toBe(3000);
    expect(SCHEDULE_CALL_SUCCESS_CLOSE_MS).toBe(2000);
  });
});
