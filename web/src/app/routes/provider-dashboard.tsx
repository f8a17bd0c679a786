import { Alert, Button, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FileText, MessageSquareReply, PhoneCall, ReceiptText, Users, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { useState } from 'react';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { PageShell } from '../../components/layout/page-shell';
import { firstPageState, LoadMore } from '../../components/table/load-more';
import { QueryTableCard } from '../../components/table/table-card';
import { paths } from '../../config/paths';
import { useSignedInUser } from '../../lib/session';
import { useApiClient } from '../../lib/services';
import { useDashboardStats } from '../../features/dashboard/api/dashboard-stats';
import { StatTile } from '../../features/dashboard/components/stat-tile';
import { CcmChartsSection } from '../../features/dashboard/components/ccm-charts-section';
import { WorklistPanel } from '../../features/dashboard/components/worklist-panel';
import { PatientsSection } from '../../features/patients/components/patients-section';
import {
  organizationQueryOptions,
  type OrganizationDetailResponse,
} from '../../features/organizations/api/get-organization';
import { useOrganizationUsers } from '../../features/users/api/get-organization-users';
import { ProviderUsersTable } from '../../features/users/components/provider-users-table';
import { showViewAllPatients, visiblePatients } from './provider-dashboard.utils';
import { ListEmptyState } from '../../components/feedback/list-empty-state';

function PatientsPanel({ detail }: { detail: OrganizationDetailResponse }) {
  const [expanded, setExpanded] = useState(false);
  const total = detail.provider.patient_count;
  return (
    <PatientsSection
      visible={(patients) => visiblePatients(patients, expanded)}
      viewHref={paths.provider.patient.getHref}
      organizationId={detail.provider.id}
      timezone={detail.provider.timezone}
      footer={(patients) =>
        showViewAllPatients(Math.max(total, patients.length), expanded) && (
          <Group justify="center">
            <Button variant="subtle" onClick={() => setExpanded(true)}>
              View All {Math.max(total, patients.length)} Patients
            </Button>
          </Group>
        )
      }
    />
  );
}

function ProviderUsersPanel({ detail }: { detail: OrganizationDetailResponse }) {
  const query = useOrganizationUsers(detail.provider.id);
  const users = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        Provider Users
      </Title>
      <QueryTableCard
        query={firstPageState(query)}
        isEmpty={users.length === 0}
        empty={<ListEmptyState icon={UsersRound} title="No provider users yet" />}
      >
        <ProviderUsersTable users={users} />
      </QueryTableCard>
      <LoadMore query={query} label="Load more provider users" />
    </Stack>
  );
}

/** `/provider`: the practice's totals, its patients and its provider users (product-rules.md "Screens"). */
export function ProviderDashboardPage() {
  const user = useSignedInUser();
  const api = useApiClient();
  const organizationId = user.provider_id ?? '';
  const stats = useDashboardStats();
  const organization = useQuery({ ...organizationQueryOptions(api, organizationId), enabled: organizationId !== '' });
  const data = stats.data;

  return (
    <PageShell
      title="Provider Dashboard"
      description={user.provider?.name ?? 'Your practice at a glance.'}
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

      {organizationId !== '' && <WorklistPanel />}

      {organizationId === '' ? (
        <Alert color="yellow" role="status">
          Your account is not linked to a provider organization yet. Please contact CareLoop.
        </Alert>
      ) : organization.isPending ? (
        // About the height of the patients' first page, so what is below does not jump when it comes.
        <Text c="dimmed" role="status" mih={400}>
          Loading patients...
        </Text>
      ) : organization.isError ? (
        <ErrorAlert message={organization.error.message} onRetry={() => void organization.refetch()} />
      ) : (
        <Tabs defaultValue="patients" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="patients">Patients</Tabs.Tab>
            <Tabs.Tab value="users">Provider Users</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="patients" pt="lg">
            <PatientsPanel detail={organization.data} />
          </Tabs.Panel>
          <Tabs.Panel value="users" pt="lg">
            <ProviderUsersPanel detail={organization.data} />
          </Tabs.Panel>
        </Tabs>
      )}

      {organizationId !== '' && <CcmChartsSection description="Your practice, months in its time zone." />}
    </PageShell>
  );
}
