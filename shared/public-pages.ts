/**
 * The public pages' paths, for the local static server in lambdas/, the prerender and CloudFront
 * (lambdas import nothing from web/). The web's route registry (web/src/config/paths.ts) spells
 * them as literals so that its first load carries no table of them; a test keeps the two equal.
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
