import { describe, expect, it } from 'vitest';
import { DAILY_LIMIT_MESSAGES } from '../../../../shared/daily-limits';
import { CALL_LINK_MESSAGES } from '../../../../shared/texts';
import { ApiError } from '../../lib/api-client';
import { callLinkView, type CallLinkResult } from './call-link.utils';

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
    expect(callLinkView(result({ data: { isValid: true, call: 'placed' } }))).toEqual({
      state: 'calling',
      onItsWay: false,
    });
    expect(callLinkView(result({ data: { isValid: true, call: 'on_its_way' } }))).toEqual({
      state: 'calling',
      onItsWay: true,
    });
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
