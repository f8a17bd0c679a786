import type { PatientText, PatientTextsResponse } from '../../../../../shared/texts';
import { ApiError, type ApiClient, type ApiRequestOptions } from '../../../lib/api-client';
import type { Services } from '../../../lib/services';
import { createFakeBackend } from '../../../test/fakes';

export interface RecordedRequest {
  method: string;
  path: string;
  query: ApiRequestOptions['query'];
  body: unknown;
  fallbackError: string;
  anonymous: boolean;
}

export type RouteAnswer = (request: RecordedRequest) => unknown;

/**
 * An API that answers `'METHOD /path'` routes and records every request (but `/me`); any other
 * route is a 404. An answer may throw (an `ApiError`) or return a promise the test settles later.
 */
export function fakeApi(routes: Record<string, RouteAnswer>) {
  const backend = createFakeBackend();
  const requests: RecordedRequest[] = [];
  const api: ApiClient = {
    async request<T>(path: string, options: ApiRequestOptions): Promise<T> {
      if (path === '/me') return backend.api.request<T>(path, options);
      const request: RecordedRequest = {
        method: options.method ?? 'GET',
        path,
        query: options.query,
        body: options.body,
        fallbackError: options.fallbackError,
        anonymous: options.anonymous ?? false,
      };
      requests.push(request);
      const answer = routes[`${request.method} ${path}`];
      if (!answer) throw new ApiError('Not found', 404);
      return (await answer(request)) as T;
    },
  };
  const services: Services = { auth: backend.auth, api };
  return { api, services, requests };
}

/** How many requests went to one route. */
export const countOf = (requests: RecordedRequest[], route: string) =>
  requests.filter((r) => `${r.method} ${r.path}` === route).length;

export function patientText(overrides: Partial<PatientText> = {}): PatientText {
  return {
    id: 'txt-1',
    direction: 'outbound',
    kind: 'check_in',
    status: 'delivered',
    body: 'Hi Margaret, this is your care team checking in.',
    included_call_link: false,
    error_code: null,
    sent_by_name: 'Nora Nurse',
    created_at: '2026-03-04T15:00:00.000Z',
    updated_at: '2026-03-04T15:00:05.000Z',
    callback: null,
    ...overrides,
  };
}

export function textsResponse(overrides: Partial<PatientTextsResponse> = {}): PatientTextsResponse {
  return {
    messages: [],
    next_cursor: null,
    has_phone: true,
    opted_out: false,
    opted_out_at: null,
    monthly_limit: 5,
    sent_this_month: 0,
    open_callback_requests: 0,
    ...overrides,
  };
}
