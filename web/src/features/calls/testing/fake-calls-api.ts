import type { CallLogSummary } from '../../../../../shared/calls';
import { ApiError, type ApiClient, type ApiRequestOptions } from '../../../lib/api-client';
import type { Services } from '../../../lib/services';
import { createFakeBackend } from '../../../test/fakes';

export interface RecordedRequest {
  method: string;
  path: string;
  query: ApiRequestOptions['query'];
  body: unknown;
  fallbackError: string;
}

export type RouteAnswer = (request: RecordedRequest) => unknown;

/**
 * An API that answers `'METHOD /path'` routes and records every request; any other route is a
 * 404. An answer may throw (an `ApiError`) or return a promise the test resolves later.
 */
export function fakeCallsApi(routes: Record<string, RouteAnswer>) {
  const requests: RecordedRequest[] = [];
  const api: ApiClient = {
    async request<T>(path: string, options: ApiRequestOptions): Promise<T> {
      const request = {
        method: options.method ?? 'GET',
        path,
        query: options.query,
        body: options.body,
        fallbackError: options.fallbackError,
      };
      requests.push(request);
      const answer = routes[`${request.method} ${path}`];
      if (!answer) throw new ApiError('Not found', 404);
      return (await answer(request)) as T;
    },
  };
  const services: Services = { auth: createFakeBackend().auth, api };
  return { api, services, requests };
}

/** A promise the test settles when it wants to (a request still running). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** One page of a paged list, as the server answers it. */
export function page<T>(items: T[], next_cursor: string | null = null) {
  return { items, next_cursor };
}

export function callLog(overrides: Partial<CallLogSummary> = {}): CallLogSummary {
  return {
    id: 'call-1',
    patient_id: 'pat-1',
    provider_id: 'prov-1',
    patient_name: 'Margaret Alvarez',
    provider_name: 'Sunrise Family Medicine',
    status: 'completed',
    kind: 'instant',
    outcome: 'answered',
    duration: 125,
    created_at: '2025-03-04T15:00:00.000Z',
    updated_at: '2025-03-04T15:02:05.000Z',
    scheduled_at: null,
    time_preference: null,
    failure_reason: null,
    escalation_level: null,
    has_transcript: true,
    ...overrides,
  };
}
