import { describe, expect, it } from 'vitest';
import { DAILY_LIMIT_MESSAGES } from '../../../../shared/daily-limits';
import { CALL_LINK_MESSAGES } from '../../../../shared/texts';
import { ApiError } from '../../lib/api-client';
import { callLinkView, callsOpenText, type CallLinkResult } from './call-link.utils';

const result = (overrides: Partial<CallLinkResult>): CallLinkResult => ({
  token: 'tok',
  isPending: false,
  data: undefined,
  error: null,
  ...overrides,
});

describe('callLinkView', () => {
  it('validates while the request runs', () => {
    expect(callLinkView(result({ isPending: true }))).toEqual({ state: 'validating' });
  });

  it('says a call is coming, or already on its way', () => {
    expect(callLinkView(result({ data: { isValid: true, patient: { first_name: 'Ana' }, call: 'placed' } }))).toEqual({
      state: 'calling',
      onItsWay: false,
    });
    expect(
      callLinkView(result({ data: { isValid: true, patient: { first_name: 'Ana' }, call: 'on_its_way' } })),
    ).toEqual({
      state: 'calling',
      onItsWay: true,
    });
  });

  it("outside the calling hours says when calls can be placed, in the practice's time zone", () => {
    const data = {
      isValid: true as const,
      patient: { first_name: 'Ana' },
      call: 'outside_hours' as const,
      next_call_at: '2026-11-27T13:00:00.000Z',
      time_zone: 'America/New_York',
    };
    expect(callLinkView(result({ data }))).toEqual({
      state: 'outside-hours',
      opensAt: '8:00 AM on Friday, November 27 (EST)',
    });
  });

  it('reads the next call time in the given zone, and nothing when it cannot', () => {
    expect(callsOpenText('2026-07-01T12:00:00.000Z', 'America/Chicago')).toBe('7:00 AM on Wednesday, July 1 (CDT)');
    expect(callsOpenText('2026-11-27T06:00:00.000Z', 'Etc/GMT-2')).toBe('8:00 AM on Friday, November 27 (GMT+2)');
    expect(callsOpenText(undefined, 'America/New_York')).toBe('');
    expect(callsOpenText('not a time', 'America/New_York')).toBe('');
    expect(callsOpenText('2026-11-27T13:00:00.000Z', 'Nowhere/Atlantis')).toBe('');
  });

  it('names a missing token before anything else', () => {
    expect(callLinkView(result({ token: '', isPending: true }))).toEqual({
      state: 'invalid',
      message: CALL_LINK_MESSAGES.noToken,
    });
  });

  it("shows the server's refusal, else 'Invalid or expired link'", () => {
    const refused = new ApiError(CALL_LINK_MESSAGES.invalidDefault, 404, 'link.invalid');
    expect(callLinkView(result({ error: refused }))).toEqual({
      state: 'invalid',
      message: CALL_LINK_MESSAGES.invalidDefault,
    });
    const bare = new ApiError(CALL_LINK_MESSAGES.invalidFallback, 400);
    expect(callLinkView(result({ error: bare })).state).toBe('invalid');
    expect(callLinkView(result({ error: bare }))).toMatchObject({ message: 'Invalid or expired link' });
  });

  it("shows 'Failed to validate link' when no answer came (network) or something else was thrown", () => {
    const network = new ApiError(CALL_LINK_MESSAGES.invalidFallback, 0);
    expect(callLinkView(result({ error: network }))).toEqual({
      state: 'invalid',
      message: 'Failed to validate link',
    });
    expect(callLinkView(result({ error: new TypeError('boom') }))).toMatchObject({
      message: 'Failed to validate link',
    });
  });

  it('tells a valid link whose call could not be placed apart from an invalid one', () => {
    const failed = new ApiError(CALL_LINK_MESSAGES.callFailed, 502, 'link.call_failed');
    expect(callLinkView(result({ error: failed }))).toEqual({
      state: 'call-failed',
      message: CALL_LINK_MESSAGES.callFailed,
    });
  });

  it("shows a call over the practice's daily limit as not placed, in the server's words", () => {
    const capped = new ApiError(DAILY_LIMIT_MESSAGES.linkCall, 429, 'link.daily_limit');
    expect(callLinkView(result({ error: capped }))).toEqual({
      state: 'call-failed',
      message: DAILY_LIMIT_MESSAGES.linkCall,
    });
  });

  it('shows the default text for an answer that is not valid', () => {
    expect(callLinkView(result({ data: undefined }))).toEqual({
      state: 'invalid',
      message: CALL_LINK_MESSAGES.invalidDefault,
    });
    const notValid = { isValid: false, error: 'Link revoked' } as unknown as CallLinkResult['data'];
    expect(callLinkView(result({ data: notValid }))).toEqual({ state: 'invalid', message: 'Link revoked' });
  });
});
