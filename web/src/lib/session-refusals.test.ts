import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { isSessionRefused } from './session-refusals';

describe('isSessionRefused', () => {
  it('is the API refusing the staff token, or the client having none to send, and nothing else', () => {
    expect(isSessionRefused(new ApiError('Unauthorized', 401, 'auth.unauthorized'))).toBe(true);
    expect(isSessionRefused(new ApiError('No active session', 401, 'auth.no_session'))).toBe(true);
    // Another 401 (a patient's link, say) is that screen's answer, not the end of a staff session.
    expect(isSessionRefused(new ApiError('Link expired', 401, 'link.expired'))).toBe(false);
    expect(isSessionRefused(new ApiError('Forbidden', 403, 'auth.forbidden'))).toBe(false);
    expect(isSessionRefused(new Error('Unauthorized'))).toBe(false);
  });
});
