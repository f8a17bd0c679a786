/**
 * The runtime config's request, started as early as the entry script for a returning user (whose
 * session restore needs it at once: web/src/main.tsx) and taken once by `loadRuntimeConfig`, so the
 * workspace does not wait for the app's modules before asking for it. Kept apart from
 * runtime-config.ts so that the entry script does not carry the config's validation.
 */
export const RUNTIME_CONFIG_URL = '/runtime-config.json';

let early: Promise<Response> | undefined;

/** Fetched fresh every time (`no-store`): each deploy may change it. */
export const fetchRuntimeConfig = (fetchFn: typeof fetch = fetch) => fetchFn(RUNTIME_CONFIG_URL, { cache: 'no-store' });

export function requestRuntimeConfigEarly(fetchFn: typeof fetch = fetch): void {
  early ??= fetchRuntimeConfig(fetchFn);
  // Whoever takes it handles a failure; until then it must not count as unhandled.
  early.catch(() => undefined);
}

/** The early request, once: a later load (after a failure, say) asks again. */
export function takeEarlyRuntimeConfigRequest(): Promise<Response> | undefined {
  const request = early;
  early = undefined;
  return request;
}
