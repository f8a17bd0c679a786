import { paths } from '../config/paths';

/**
 * The public pages rendered to HTML at build time (web/prerender.ts), by path, with the file each is
 * written to in the build. CloudFront (infra/stacks/web-stack.ts) and the local static server serve
 * that file for the exact path; every other path keeps the empty app shell, index.html.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = Object.fromEntries(
  [
    paths.home.path,
    paths.pilotLanding.path,
    paths.login.path,
    paths.signup.path,
    paths.smsPolicy.path,
    paths.privacy.path,
    paths.terms.path,
    paths.contact.path,
  ].map((path) => [path, `pages/${path === '/' ? 'home' : path.slice(1)}.html`]),
);
