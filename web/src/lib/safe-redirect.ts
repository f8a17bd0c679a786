import { paths } from '../config/paths';

// Control characters and whitespace: browsers drop some of them from URLs ("/\t/evil" → "//evil").
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\s\\]/;
const PROBE_ORIGIN = 'https://careloop.invalid';

/**
 * The `?redirect=` target of /login, or null when absent or unsafe. Only same-site relative paths
 * are accepted: one leading `/`, no `//` (protocol-relative), no scheme, no backslash, no control
 * characters. The sign-in pages themselves are refused so a redirect can never loop.
 */
export function safeRedirectPath(search: string): string | null {
  const value = new URLSearchParams(search).get('redirect');
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  if (UNSAFE_CHARACTERS.test(value)) return null;

  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  if (url.pathname === paths.login.path || url.pathname === paths.signup.path) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
