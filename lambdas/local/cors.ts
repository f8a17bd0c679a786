/**
 * CORS for the local servers a browser calls (the local gateway, the cognito-local proxy): only the
 * web app's origin may read their answers, as only the web distribution's origin may in AWS.
 * Programs (Node's fetch, curl) send no Origin and are not affected: CORS binds browsers only.
 */
import type { IncomingMessage } from 'node:http';

const ALLOW_ORIGIN = 'access-control-allow-origin';

/**
 * The origin headers for one request: `Access-Control-Allow-Origin` naming the web origin when the
 * request comes from it, none otherwise. `Vary: Origin` because the answer depends on it.
 */
export function allowOriginHeaders(req: IncomingMessage, webOrigin: string): Record<string, string> {
  return req.headers.origin === webOrigin
    ? { 'Access-Control-Allow-Origin': webOrigin, Vary: 'Origin' }
    : { Vary: 'Origin' };
}

/** Headers without any `Access-Control-Allow-Origin` (whatever case), so the caller's decision is the only one. */
export function withoutAllowOrigin(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== ALLOW_ORIGIN));
}
