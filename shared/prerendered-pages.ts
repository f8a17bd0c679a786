import { PUBLIC_PAGE_PATHS } from './public-pages.ts';

/**
 * The public pages rendered to HTML at build time (web/prerender.ts), by path, with the file each is
 * written to in the build. CloudFront (infra/stacks/web-stack.ts) and the local static server serve
 * that file for the exact path; every other path keeps the empty app shell, index.html. Apart from
 * the paths, so that the web app's bundles (which read only the paths) do not carry this table.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(PUBLIC_PAGE_PATHS).map((path) => [path, `pages/${path === '/' ? 'home' : path.slice(1)}.html`]),
);
