import type { HttpMethod } from '../../../shared/api/http';
import { AUTH_MESSAGES } from '../../../shared/messages';

export type { HttpMethod };

/** An API failure carrying the text to show: the server's `error`, else the caller's fallback. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Shown when the server gives no `error` text, e.g. `FALLBACK_ERRORS.fetchProviders`. */
  fallbackError: string;
  signal?: AbortSignal;
  /** A public, token-based route (a patient's call link): sent without the session's ID token. */
  anonymous?: boolean;
  /** A file the server answers as text (a CSV export): resolves to the text instead of parsed JSON. */
  responseText?: boolean;
}

export interface ApiClient {
  /** Calls `${apiUrl}${path}` with the session's ID token (unless `anonymous`); resolves to the parsed JSON body. */
  request<T = unknown>(path: string, options: ApiRequestOptions): Promise<T>;
}

export interface ApiClientDeps {
  baseUrl: string;
  /** The Cognito ID token of the current session, or null when signed out. */
  getIdToken: () => Promise<string | null>;
  fetch?: typeof fetch;
}

function buildUrl(baseUrl: string, path: string, query: ApiRequestOptions['query']): string {
  const url = `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function serverError(body: unknown): { message?: string; code?: string } {
  if (typeof body !== 'object' || body === null) return {};
  const { error, code } = body as { error?: unknown; code?: unknown };
  return {
    message: typeof error === 'string' && error.trim() ? error : undefined,
    code: typeof code === 'string' ? code : undefined,
  };
}

export function createApiClient({ baseUrl, getIdToken, fetch: fetchFn = fetch }: ApiClientDeps): ApiClient {
  return {
    async request<T>(path: string, options: ApiRequestOptions): Promise<T> {
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (!options.anonymous) {
        const token = await getIdToken();
        if (!token) throw new ApiError(AUTH_MESSAGES.noActiveSession, 401, 'auth.no_session');
        headers.Authorization = `Bearer ${token}`;
      }
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';

      let response: Response;
      try {
        response = await fetchFn(buildUrl(baseUrl, path, options.query), {
          method: options.method ?? 'GET',
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: options.signal,
        });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        throw new ApiError(options.fallbackError, 0);
      }

      if (options.responseText && response.ok) return (await response.text()) as T;
      const body = await readJson(response);
      if (!response.ok) {
        const { message, code } = serverError(body);
        throw new ApiError(message ?? options.fallbackError, response.status, code);
      }
      return body as T;
    },
  };
}
