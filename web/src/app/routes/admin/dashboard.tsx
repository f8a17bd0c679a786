import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  Activity,
  Building2,
  CalendarClock,
  Database,
  FileText,
  PhoneCall,
  Plus,
  ReceiptText,
  Server,
  Settings,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ProviderOrganization } from '../../../../../shared/domain';
import { ROLE_LABELS } from '../../../../../shared/roles';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { PageShell } from '../../../components/layout/page-shell';
import { paths } from '../../../config/paths';
import { useSignedInUser } from '../../../lib/session';
import { CallLogsModal } from '../../../features/calls/components/call-logs-modal';
import { ScheduledCallsModal } from '../../../features/calls/components/scheduled-calls-modal';
import { useDashboardStats } from '../../../features/dashboard/api/dashboard-stats';
import { StatTile } from '../../../features/dashboard/components/stat-tile';
import { CcmChartsSection } from '../../../features/dashboard/components/ccm-charts-section';
import { CallLinesForecastCard } from '../../../features/dashboard/components/call-lines-forecast-card';
import { CallLinesCard } from '../../../features/dashboard/components/call-lines-card';
import { DeleteOrganizationModal } from '../../../features/organizations/components/delete-organization-modal';
import { OrganizationCard } from '../../../features/organizations/components/organization-card';
import { OrganizationFormModal } from '../../../features/organizations/components/organization-form-modal';
import { SystemSettingsModal } from '../../../features/settings/components/system-settings-modal';
import { useModalTarget } from '../../../lib/use-modal-target';
import { dashboardOrganizationCards, showViewAllOrganizations } from './dashboard.utils';
import { ListEmptyState } from '../../../components/feedback/list-empty-state';

const SYSTEM_STATUS = [
  { label: 'API Health', status: 'Operational', icon: Server },
  { label: 'Database', status: 'Connected', icon: Database },
  { label: 'Call Service', status: 'Active', icon: Activity },
] as const;

function SystemStatus() {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="system-status-title">
      <Title order={2} size="h4" id="system-status-title" mb="md">
        System Status
      </Title>
      <Stack gap="sm">
        {SYSTEM_STATUS.map(({ label, status, icon: Icon }) => (
          <Group key={label} justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" color="green" size="md" aria-hidden="true">
                <Icon size={16} />
              </ThemeIcon>
              <Text size="sm">{label}</Text>
            </Group>
            <Badge color="green" variant="light">
              {status}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** `/admin`: totals, the newest provider organizations and the system status (product-rules.md "Screens"). */
export function AdminDashboardPage() {
  const user = useSignedInUser();
  const stats = useDashboardStats();
  const [callsOpen, setCallsOpen] = useState(false);
  const [scheduledOpen, setScheduledOpen] = useState(false);
  const [addingOrganization, setAddingOrganization] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Only settings administrators (a capability on their profile) see the panel; the API refuses everyone else.
  const canManageSettings = user.can_manage_settings === true;
  const deleting = useModalTarget<ProviderOrganization>();
  const data = stats.data;
  const organizations = data ? dashboardOrganizationCards(data.providers) : [];

  return (
    <PageShell
      title="Admin Dashboard"
      titleAside={
        <Badge size="lg" variant="filled">
          {ROLE_LABELS.careloop_employee}
        </Badge>
      }
      description="Users, provider organizations, patients and calls across CareLoop."
      actions={
        <Group gap="sm">
          <Button
            component={Link}
            to={paths.admin.billing.getHref()}
            variant="default"
            leftSection={<ReceiptText size={16} aria-hidden="true" />}
          >
            Billing
          </Button>
          {canManageSettings && (
            <Button
              variant="default"
              leftSection={<Settings size={16} aria-hidden="true" />}
              aria-haspopup="dialog"
              onClick={() => setSettingsOpen(true)}
            >
              Settings
            </Button>
          )}
        </Group>
      }
    >
      {stats.isError && <ErrorAlert message={stats.error.message} onRetry={() => void stats.refetch()} />}

      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
        <StatTile
          label="Total Users"
          value={data?.totalUsers}
          icon={<Users size={20} />}
          href={paths.admin.users.getHref()}
        />
        <StatTile
          label="Total Providers"
          value={data?.totalProviders}
          icon={<Building2 size={20} />}
          href={paths.admin.organizations.getHref()}
        />
        <StatTile
          label="Calls Made"
          value={data?.callsCount}
          icon={<PhoneCall size={20} />}
          onClick={() => setCallsOpen(true)}
        />
        <StatTile
          label="Scheduled Calls"
          value={data?.scheduledCallsCount}
          icon={<CalendarClock size={20} />}
          onClick={() => setScheduledOpen(true)}
        />
        <StatTile
          label="Call Summaries"
          value={data?.callsCount}
          icon={<FileText size={20} />}
          href={paths.admin.summaries.getHref()}
        />
      </SimpleGrid>

      <Stack gap="md" component="section" aria-labelledby="provider-cards-title">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" id="provider-cards-title">
            Provider Organizations
          </Title>
          <Group gap="sm">
            {data && showViewAllOrganizations(data.totalProviders) && (
              <Anchor component={Link} to={paths.admin.organizations.getHref()} fw={600}>
                View All {data.totalProviders} Providers
              </Anchor>
            )}
            {data && organizations.length > 0 && (
              <Button
                size="sm"
                leftSection={<Plus size={16} aria-hidden="true" />}
                onClick={() => setAddingOrganization(true)}
              >
                Add Provider
              </Button>
            )}
          </Group>
        </Group>
        {stats.isPending && (
          <Text c="dimmed" role="status">
            Loading providers...
          </Text>
        )}
        {data && organizations.length === 0 && (
          <Card withBorder radius="md">
            <ListEmptyState
              icon={Building2}
              title="No providers yet"
              description="Add the first provider organization to start enrolling patients."
              action={
                <Button leftSection={<Plus size={16} aria-hidden="true" />} onClick={() => setAddingOrganization(true)}>
                  Add First Provider
                </Button>
              }
            />
          </Card>
        )}
        {organizations.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {organizations.map((organization) => (
              <OrganizationCard key={organization.id} organization={organization} onDelete={deleting.open} />
            ))}
          </SimpleGrid>
        )}
      </Stack>

      {/* The lines now beside the lines the next 30 days need (DECISIONS "Outreach capacity"). */}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <CallLinesCard />
        <CallLinesForecastCard />
      </SimpleGrid>

      <CcmChartsSection description="Every organization." />

      <SystemStatus />

      <CallLogsModal opened={callsOpen} onClose={() => setCallsOpen(false)} />
      <ScheduledCallsModal opened={scheduledOpen} onClose={() => setScheduledOpen(false)} />
      <OrganizationFormModal opened={addingOrganization} onClose={() => setAddingOrganization(false)} />
      <DeleteOrganizationModal opened={deleting.opened} organization={deleting.target} onClose={deleting.close} />
      {canManageSettings && <SystemSettingsModal opened={settingsOpen} onClose={() => setSettingsOpen(false)} />}
    </PageShell>
  );
}
