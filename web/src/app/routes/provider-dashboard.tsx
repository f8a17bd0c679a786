import { Alert, Button, SimpleGrid, Text } from '@mantine/core';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { FileText, MessageSquareReply, PhoneCall, ReceiptText, Users } from 'lucide-react';
import { Link } from 'react-router';
import { memo, useCallback, useEffect } from 'react';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { PageShell } from '../../components/layout/page-shell';
import { paths } from '../../config/paths';
import type { UserProfile } from '../../../../shared/domain';
import { useSession } from '../../lib/session';
import { useApiClient, useEarlyIdentity } from '../../lib/services';
import { hasAnswered, useSettledOnce } from '../../lib/use-settled-once';
import { useDashboardStats } from '../../features/dashboard/api/dashboard-stats';
import { worklistKeys } from '../../features/dashboard/api/worklist';
import { StatTile } from '../../features/dashboard/components/stat-tile';
import { CcmChartsSection } from '../../features/dashboard/components/ccm-charts-section';
import { WorklistPanel } from '../../features/dashboard/components/worklist-panel';
import { EnrollmentPanel } from '../../features/enrollment/components/enrollment-panel';
import { enrollmentPanelAnswered } from '../../features/enrollment/api/enrollment-panel';
import { organizationQueryOptions } from '../../features/organizations/api/get-organization';
import { organizationPatientsQueryOptions } from '../../features/patients/api/get-organization-patients';
import { OrganizationTabs } from './provider-dashboard-organization';

/**
 * The dashboard paints before SESSION_ROUTES.me answers (its route's handle: RequireRole): the profile once
 * loaded; until then no profile, and the organization the stored ID token names (the one the server
 * reads from it).
 */
function useWorkspaceUser(): { providerId: string | null; profile: UserProfile | null } {
  const session = useSession();
  const early = useEarlyIdentity();
  if (session.status === 'signed-in') return { providerId: session.user.provider_id, profile: session.user };
  if (session.status === 'loading' && early) return { providerId: early.providerId, profile: null };
  throw new Error('useWorkspaceUser needs a signed-in or a restoring session');
}

/** The practice's totals; each tile shows a skeleton until they come. */
function DashboardTotals() {
  const stats = useDashboardStats();
  const data = stats.data;
  return (
    <>
      {stats.isError && <ErrorAlert message={stats.error.message} onRetry={() => void stats.refetch()} />}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        <StatTile label="Total Patients" value={data?.totalPatients} icon={<Users size={20} />} />
        <StatTile label="Calls This Month" value={data?.callsThisMonth} icon={<PhoneCall size={20} />} />
        <StatTile
          label="New Summaries"
          value={data?.newSummariesCount}
          icon={<FileText size={20} />}
          href={paths.provider.summaries.getHref()}
        />
        <StatTile
          label="Callback Requests"
          value={data?.callbackRequests}
          icon={<MessageSquareReply size={20} />}
          hint="On each patient's page"
        />
      </SimpleGrid>
    </>
  );
}

/**
 * The longest the patients wait for the panels above them: a request that never answers delays
 * them this long, not for good.
 */
export const PANELS_ABOVE_WAIT_MS = 4_000;

/**
 * The organization's patients and provider users, in tabs. They show once the worklist and the
 * enrollment panel above them have answered: each grows by hundreds of pixels when it does (1,500 on
 * a phone), which would move Add Patient, Import Patients and the rows from under a reader's finger.
 * Their requests start at once all the same.
 */
function OrganizationSection({ organizationId }: { organizationId: string }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const organization = useQuery(organizationQueryOptions(api, organizationId));
  // The patients tab shows first: its first page is asked for beside the organization, not after it
  // (a round trip sooner on a phone's network). The tab reads it from the cache.
  useEffect(() => {
    void queryClient.prefetchInfiniteQuery(organizationPatientsQueryOptions(api, organizationId));
  }, [api, queryClient, organizationId]);
  const panelsAbove = useCallback(
    (client: QueryClient) => hasAnswered(client, worklistKeys.all) && enrollmentPanelAnswered(client, organizationId),
    [organizationId],
  );
  const panelsAboveAnswered = useSettledOnce(panelsAbove, PANELS_ABOVE_WAIT_MS);
  if (organization.isPending || !panelsAboveAnswered) {
    // About the height of the patients' first page, so what is below does not jump when it comes.
    return (
      <Text c="dimmed" role="status" mih={400}>
        Loading patients...
      </Text>
    );
  }
  if (organization.isError) {
    return <ErrorAlert message={organization.error.message} onRetry={() => void organization.refetch()} />;
  }
  return <OrganizationTabs detail={organization.data} />;
}

/**
 * The dashboard's sections, each reading its own data: an answer re-renders its section only, and the
 * profile's arrival (the practice's name above) none, so no render on a phone blocks it for long.
 */
const DashboardSections = memo(function DashboardSections({ organizationId }: { organizationId: string }) {
  if (organizationId === '') {
    return (
      <>
        <DashboardTotals />
        <Alert color="yellow" role="status">
          Your account is not linked to a provider organization yet. Please contact CareLoop.
        </Alert>
      </>
    );
  }
  return (
    <>
      <DashboardTotals />
      <WorklistPanel />
      <EnrollmentPanel organizationId={organizationId} />
      <OrganizationSection organizationId={organizationId} />
      <CcmChartsSection description="Your practice, months in its time zone." />
    </>
  );
});

/**
 * `/provider`: the practice's totals, its patients and its provider users (product-rules.md "Screens").
 * It paints while SESSION_ROUTES.me loads (router.tsx), its data requests beside that one.
 */
export function ProviderDashboardPage() {
  const { providerId, profile } = useWorkspaceUser();
  return (
    <PageShell
      title="Provider Dashboard"
      // A line kept for the practice's name while the profile loads, so what is below does not move.
      description={profile ? (profile.provider?.name ?? 'Your practice at a glance.') : '\u00a0'}
      actions={
        <Button
          component={Link}
          to={paths.provider.billing.getHref()}
          variant="default"
          leftSection={<ReceiptText size={16} aria-hidden="true" />}
        >
          Billing
        </Button>
      }
    >
      <DashboardSections organizationId={providerId ?? ''} />
    </PageShell>
  );
}
