import { CHROMELESS_PREFIXES } from '../../config/paths';

/** Token pages opened from a text or e-mail link render without the shared header and footer. */
export function isChromelessPath(pathname: string): boolean {
  return CHROMELESS_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}
