import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { AUTH_MESSAGES } from '../../../shared/messages';
import { PageSpinner } from '../components/feedback/page-spinner';
import { RouteErrorPage } from '../components/feedback/route-error-page';
import { PublicOnly } from '../components/guards/public-only';
import { RequireRole, type GuardedRouteHandle } from '../components/guards/require-role';
import { AppLayout } from '../components/layout/app-layout';
import { paths } from '../config/paths';

/** A screen beyond the public pages, with the styles of every component (public-styles.ts has a few). */
async function withAllStyles<T>(screen: Promise<T>): Promise<T> {
  const [module] = await Promise.all([screen, import('./all-styles')]);
  return module;
}

/**
 * The route table (product-rules.md "Screens"). Every screen is a lazy module, so public pages never download the
 * signed-in workspaces; guards are pathless layout routes around the screens they protect.
 */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      Component: AppLayout,
      children: [
        {
          ErrorBoundary: RouteErrorPage,
          HydrateFallback: PageSpinner,
          children: [
            {
              Component: PublicOnly,
              children: [
                {
                  index: true,
                  lazy: async () => ({
                    Component: (await import('../features/landing/routes/landing-page')).LandingPage,
                  }),
                },
                {
                  path: paths.login.path,
                  lazy: async () => ({ Component: (await import('../features/auth/routes/login-page')).LoginPage }),
                },
                {
                  path: paths.signup.path,
                  lazy: async () => ({ Component: (await import('../features/auth/routes/signup-page')).SignUpPage }),
                },
              ],
            },
            {
              path: paths.pilotLanding.path,
              lazy: async () => ({
                Component: (await import('../features/landing/routes/pilot-landing-page')).PilotLandingPage,
              }),
            },
            {
              path: paths.smsPolicy.path,
              lazy: async () => ({
                Component: (await import('../features/legal/routes/sms-policy-page')).SmsPolicyPage,
              }),
            },
            {
              path: paths.privacy.path,
              lazy: async () => ({
                Component: (await import('../features/legal/routes/privacy-policy-page')).PrivacyPolicyPage,
              }),
            },
            {
              path: paths.terms.path,
              lazy: async () => ({ Component: (await import('../features/legal/routes/terms-page')).TermsPage }),
            },
            {
              path: paths.contact.path,
              lazy: async () => ({ Component: (await import('../features/legal/routes/contact-page')).ContactPage }),
            },
            {
              path: paths.callLink.path,
              lazy: async () => ({
                Component: (await withAllStyles(import('./routes/call-link'))).CallLinkPage,
              }),
            },
            {
              path: paths.carePlanLink.path,
              lazy: async () => ({
                Component: (await withAllStyles(import('./routes/care-plan-page'))).CarePlanLinkPage,
              }),
            },
            {
              path: paths.summaryLinkWithoutToken.path,
              lazy: async () => ({
                Component: (await withAllStyles(import('./routes/summary-link'))).SummaryLinkWithoutTokenPage,
              }),
            },
            {
              element: (
                <RequireRole
                  roles={['careloop_employee', 'provider']}
                  signedOut="login-and-return"
                  onMismatch="deny"
                  deniedMessage={AUTH_MESSAGES.providerOrAdminRequired}
                />
              ),
              children: [
                {
                  path: paths.summaryLink.path,
                  lazy: async () => ({
                    Component: (await withAllStyles(import('./routes/summary-link'))).CallSummaryPage,
                  }),
                },
              ],
            },
            {
              element: <RequireRole roles={['careloop_employee']} />,
              children: [
                {
                  path: paths.admin.dashboard.path,
                  lazy: async () => ({
                    Component: (await withAllStyles(import('./routes/admin/dashboard'))).AdminDashboardPage,
                  }),
                },
                {
                  path: paths.admin.organizations.path,
                  lazy: async () => ({
                    Component: (await withAllStyles(import('./routes/admin/organizations'))).OrganizationsPage,
                  }),
                },
                {
                  path: paths.admin.organization.path,
                  lazy: async () => ({
                    Component: (await withAllStyles(import('./routes/admin/organization-detail')))
                      .OrganizationDetailPage,
                  }),
                },
                {
                  path: paths.admin.users.path,
                  lazy: async () => ({
                    Component: (await withAllStyles(import('./routes/admin/users'))).UsersPage,
                  }),
                },
                {
                  path: paths.admin.summaries.path,
                  lazy: async () => ({
                    Component: (await withAllStyles(import('./routes/summaries'))).AdminSummariesPage,
                  }),
                },
                {
                  path: paths.admin.billing.path,
                  lazy: async () => ({
                    Component: (await withAllStyles(import('./routes/billing'))).AdminBillingPage,
                  }),
                },
                {
                  path: paths.admin.patient.path,
                  lazy: async () => ({
                    Component: (await withAllStyles(import('./routes/patient-detail'))).AdminPatientDetailPage,
                  }),
                },
              ],
            },
            {
              element: <RequireRole roles={['provider']} />,
              children: [
                {
                  path: paths.provider.dashboard.path,
                  handle: { paintsEarly: true } satisfies GuardedRouteHandle,
                  lazy: async () => ({
                    Component: (await withAllStyles(import('./routes/provider-dashboard'))).ProviderDashboardPage,
                  }),
                },
                {
                  path: paths.provider.summaries.path,
                  lazy: async () => ({
                    Component: (await withAllStyles(import('./routes/summaries'))).ProviderSummariesPage,
                  }),
                },
                {
                  path: paths.provider.billing.path,
                  lazy: async () => ({
                    Component: (await withAllStyles(import('./routes/billing'))).ProviderBillingPage,
                  }),
                },
                {
                  path: paths.provider.patient.path,
                  lazy: async () => ({
                    Component: (await withAllStyles(import('./routes/patient-detail'))).ProviderPatientDetailPage,
                  }),
                },
                {
                  path: paths.provider.auditPacket.path,
                  lazy: async () => ({
                    Component: (await withAllStyles(import('./routes/audit-packet'))).ProviderAuditPacketPage,
                  }),
                },
                {
                  path: paths.provider.panelImport.path,
                  lazy: async () => ({
                    Component: (await withAllStyles(import('./routes/panel-import'))).ProviderPanelImportPage,
                  }),
                },
              ],
            },
            { path: '*', element: <Navigate to={paths.home.getHref()} replace /> },
          ],
        },
      ],
    },
  ];
}

/**
 * Loads the lazy routes that match `pathname` in place, so a router created afterwards starts
 * initialized: it renders the page at once (no fallback), as hydrating a prerendered page requires.
 */
export async function loadMatchedRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, pathname) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/** Whether the screen at `pathname` paints before the profile loads (GuardedRouteHandle). */
export function paintsEarly(routes: RouteObject[], pathname: string): boolean {
  return (matchRoutes(routes, pathname) ?? []).some(
    ({ route }) => (route.handle as GuardedRouteHandle | undefined)?.paintsEarly === true,
  );
}
