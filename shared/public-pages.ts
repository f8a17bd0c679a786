/**
 * The public pages' paths. They live here rather than only in the web's route registry
 * (web/src/config/paths.ts, which spells them from here) because the local static server in
 * lambdas/ serves them too, and lambdas import nothing from web/.
 */
export const PUBLIC_PAGE_PATHS = {
  home: '/',
  /** The patient-facing pilot landing page; its address stays `/old` (product-rules.md "Screens"). */
  pilotLanding: '/old',
  login: '/login',
  signup: '/signup',
  smsPolicy: '/sms-policy',
  privacy: '/privacy',
  terms: '/terms',
  contact: '/contact',
} as const;

/**
 * The public pages rendered to HTML at build time (web/prerender.ts), by path, with the file each is
 * written to in the build. CloudFront (infra/stacks/web-stack.ts) and the local static server serve
 * that file for the exact path; every other path keeps the empty app shell, index.html.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(PUBLIC_PAGE_PATHS).map((path) => [path, `pages/${path === '/' ? 'home' : path.slice(1)}.html`]),
);
