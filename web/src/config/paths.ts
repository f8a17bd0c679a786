/**
 * The one route registry. Route definitions use `path`; links and redirects use `getHref`, so a
 * path is spelled in one place only.
 */

/** Encodes a value for a query string but keeps `/` readable (`?redirect=/summary/abc`). */
function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/%2F/gi, '/');
}

export type OrganizationTab = 'overview' | 'users' | 'patients' | 'settings';

export const paths = {
  home: { path: '/', getHref: () => '/' },
  /** The patient-facing pilot landing page; its address stays `/old` (product-rules.md "Screens"). */
  pilotLanding: { path: '/old', getHref: () => '/old' },
  login: {
    path: '/login',
    getHref: (redirectTo?: string) => (redirectTo ? `/login?redirect=${encodeQueryValue(redirectTo)}` : '/login'),
  },
  signup: { path: '/signup', getHref: () => '/signup' },
  smsPolicy: { path: '/sms-policy', getHref: () => '/sms-policy' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  terms: { path: '/terms', getHref: () => '/terms' },
  contact: { path: '/contact', getHref: () => '/contact' },
  callLink: {
    /** Without a token the page says so ('Invalid magic link - no token provided'). */
    path: '/call/:token?',
    getHref: (token: string) => `/call/${encodeURIComponent(token)}`,
  },
  /** The care plan a patient got by text (issue 26): asks for the date of birth first. */
  carePlanLink: { path: '/care-plan/:token?' },
  summaryLink: {
    path: '/summary/:token',
    getHref: (token: string) => `/summary/${encodeURIComponent(token)}`,
  },
  /** `/summary/` without a token: says so at once, signed in or not. */
  summaryLinkWithoutToken: { path: '/summary', getHref: () => '/summary/' },
  admin: {
    dashboard: { path: '/admin', getHref: () => '/admin' },
    organizations: { path: '/admin/providers', getHref: () => '/admin/providers' },
    organization: {
      path: '/admin/providers/:organizationId',
      /** The overview tab is the default and is omitted from the query string. */
      getHref: (organizationId: string, tab?: OrganizationTab) => {
        const base = `/admin/providers/${encodeURIComponent(organizationId)}`;
        return tab && tab !== 'overview' ? `${base}?tab=${tab}` : base;
      },
    },
    users: { path: '/admin/users', getHref: () => '/admin/users' },
    summaries: { path: '/admin/summaries', getHref: () => '/admin/summaries' },
    billing: {
      path: '/admin/billing',
      getHref: (organizationId?: string) =>
        organizationId ? `/admin/billing?org=${encodeURIComponent(organizationId)}` : '/admin/billing',
    },
    patient: {
      path: '/admin/patients/:patientId',
      getHref: (patientId: string) => `/admin/patients/${encodeURIComponent(patientId)}`,
    },
  },
  provider: {
    dashboard: { path: '/provider', getHref: () => '/provider' },
    summaries: {
      path: '/provider/summaries',
      /** A tab of a month ('all': every month), as the worklist links to it. */
      getHref: (open?: { tab: string; month: string }) =>
        open
          ? `/provider/summaries?tab=${encodeQueryValue(open.tab)}&month=${encodeQueryValue(open.month)}`
          : '/provider/summaries',
    },
    billing: { path: '/provider/billing', getHref: () => '/provider/billing' },
    panelImport: { path: '/provider/import', getHref: () => '/provider/import' },
    patient: {
      path: '/provider/patients/:patientId',
      getHref: (patientId: string) => `/provider/patients/${encodeURIComponent(patientId)}`,
    },
    auditPacket: {
      path: '/provider/patients/:patientId/audit-packet',
      getHref: (patientId: string, month?: string) =>
        `/provider/patients/${encodeURIComponent(patientId)}/audit-packet${month ? `?month=${encodeQueryValue(month)}` : ''}`,
    },
  },
} as const;

/** Paths that render without the shared header and footer (token pages opened from links). */
export const CHROMELESS_PREFIXES = ['/call/', '/care-plan/', '/summary/'] as const;
