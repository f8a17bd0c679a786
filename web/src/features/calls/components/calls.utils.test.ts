import { describe, expect, it } from 'vitest';
import { CALL_STATUSES } from '../../../../../shared/values/calls';
import { ApiError } from '../../../lib/api-client';
import {
  CALL_STATUS_BADGES,
  callStatusBadge,
  callTime,
  callWindowText,
  formatHour,
  makeCallErrorText,
  scheduleCallErrorText,
  timePreferenceText,
} from './calls.utils';
import { formatCallTime, formatDuration } from '../../../lib/call-format';

describe('call status badges (product-rules.md "Calls")', () => {
  it('colours completed green, failed red, in progress blue and everything else gray', () => {
    expect(callStatusBadge('completed')).toEqual({ label: 'Completed', color: 'green' });
    expect(callStatusBadge('failed')).toEqual({ label: 'Failed', color: 'red' });
    expect(callStatusBadge('in_progress')).toEqual({ label: 'In Progress', color: 'blue' });
    expect(callStatusBadge('cancelled')).toEqual({ label: 'Cancelled', color: 'gray' });
    expect(callStatusBadge('queued')).toEqual({ label: 'Queued', color: 'gray' });
  });

  it("shows a scheduled call as 'Pending'", () => {
    expect(callStatusBadge('scheduled')).toEqual({ label: 'Pending', color: 'gray' });
  });

  it('has a badge for every status', () => {
    expect(Object.keys(CALL_STATUS_BADGES).sort()).toEqual([...CALL_STATUSES].sort());
  });
});

describe('duration as minutes:seconds (product-rules.md "Limits")', () => {
  it.each([
    [0, '0:00'],
    [7, '0:07'],
    [59, '0:59'],
    [60, '1:00'],
    [725, '12:05'],
    [3725, '62:05'],
    [64.6, '1:05'],
  ])('%s s reads %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('shows a dash until the call has ended, or for a nonsense value', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(undefined)).toBe('—');
    expect(formatDuration(-3)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
  });
});

describe('call times', () => {
  it('reads a date and time, and a dash for a missing or unreadable value', () => {
    expect(formatCallTime('2025-03-04T12:00:00.000Z')).toMatch(/^Mar [45], 2025, \d{1,2}:00\s?[AP]M$/);
    expect(formatCallTime(null)).toBe('—');
    expect(formatCallTime('not a date')).toBe('—');
  });

  it('dates a scheduled call by when it was due, any other by when it was placed', () => {
    expect(callTime({ scheduled_at: '2025-05-01T13:00:00.000Z', created_at: '2025-04-01T10:00:00.000Z' })).toBe(
      '2025-05-01T13:00:00.000Z',
    );
    expect(callTime({ scheduled_at: null, created_at: '2025-04-01T10:00:00.000Z' })).toBe('2025-04-01T10:00:00.000Z');
  });

  it("labels the time preference, or 'Not specified' when there is none", () => {
    expect(timePreferenceText('morning')).toBe('Morning (9 AM - 12 PM)');
    expect(timePreferenceText(null)).toBe('Not specified');
    expect(timePreferenceText(undefined)).toBe('Not specified');
  });

  it('names the hours calls are placed in', () => {
    expect([0, 8, 12, 21].map(formatHour)).toEqual(['12 AM', '8 AM', '12 PM', '9 PM']);
    expect(callWindowText()).toBe('8 AM and 9 PM');
  });
});

describe('call failure texts (product-rules.md "Errors")', () => {
  it("reads 'Failed to make call: {message}' with the server's text", () => {
    expect(makeCallErrorText(new ApiError('A call is already in progress for this patient', 409))).toBe(
      'Failed to make call: A call is already in progress for this patient',
    );
  });

  it("falls back to 'Failed to initiate call' when there is no text", () => {
    expect(makeCallErrorText(new Error('  '))).toBe('Failed to make call: Failed to initiate call');
    expect(makeCallErrorText('boom')).toBe('Failed to make call: Failed to initiate call');
  });

  it("says 'Failed to start call' when no answer came (whether a call went out is unknown)", () => {
    expect(makeCallErrorText(new ApiError('Failed to initiate call', 0))).toBe('Failed to start call');
  });

  it("reads 'Failed to schedule call: {reason}'", () => {
    expect(scheduleCallErrorText(new ApiError('This patient has no phone number on file', 400), 'fallback')).toBe(
      'Failed to schedule call: This patient has no phone number on file',
    );
    expect(scheduleCallErrorText(null, 'try again')).toBe('Failed to schedule call: try again');
  });
});
