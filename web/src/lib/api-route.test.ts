import { describe, expect, it } from 'vitest';
import { CARE_TIME_ROUTES } from '../../../shared/api/routes/care-time';
import { CALLS_ROUTES } from '../../../shared/api/routes/calls';
import { SESSION_ROUTES } from '../../../shared/api/routes/session';
import type { ApiClient, ApiRequestOptions } from './api-client';
import { sendRoute, urlOf } from './api-route';

describe('urlOf', () => {
  it('fills each path parameter, encoded', () => {
    expect(urlOf(CALLS_ROUTES.getCall, { callId: 'a/b c' })).toBe('/calls/a%2Fb%20c');
    expect(urlOf(CALLS_ROUTES.cancelWebCall, { patientId: 'p-1', callId: 'c-1' })).toBe(
      '/patients/p-1/web-call/c-1/cancel',
    );
    expect(urlOf(SESSION_ROUTES.me)).toBe('/me');
  });

  it('refuses a missing parameter rather than sending `{callId}`', () => {
    expect(() => urlOf(CALLS_ROUTES.getCall, {})).toThrow('GET /calls/{callId} needs the parameter callId');
  });

  it('keeps a suffix after a parameter', () => {
    expect(urlOf(CARE_TIME_ROUTES.billingReportCsv, { providerId: 'o-1' })).toBe('/providers/o-1/billing-report.csv');
  });
});

describe('sendRoute', () => {
  it("sends the route's method to its path, with the caller's options", async () => {
    const sent: [string, ApiRequestOptions][] = [];
    const api: ApiClient = {
      request: <T>(path: string, options: ApiRequestOptions) => {
        sent.push([path, options]);
        return Promise.resolve({ ok: true } as T);
      },
    };
    await sendRoute(api, CALLS_ROUTES.scheduleCall, {
      params: { patientId: 'p-1' },
      body: { when: '2026-03-04T15:00:00.000Z' },
      fallbackError: 'Failed to schedule call',
    });
    // A route with path parameters cannot be sent without them: a type error, and a throw.
    expect(() =>
      // @ts-expect-error: params are required for /calls/{callId}
      sendRoute(api, CALLS_ROUTES.getCall, { fallbackError: 'x' }),
    ).toThrow('needs the parameter callId');
    expect(sent).toEqual([
      [
        '/patients/p-1/scheduled-calls',
        { method: 'POST', body: { when: '2026-03-04T15:00:00.000Z' }, fallbackError: 'Failed to schedule call' },
      ],
    ]);
  });
});
