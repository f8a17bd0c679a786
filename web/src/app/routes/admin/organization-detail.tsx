import { Alert, Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { Building2, Trash2, UserPlus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { UserProfile } from '../../../../../shared/domain';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { MessagePage } from '../../../components/feedback/message-page';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { PageShell } from '../../../components/layout/page-shell';
import { firstPageState, LoadMore } from '../../../components/table/load-more';
import { QueryTableCard } from '../../../components/table/table-card';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { PatientsSection } from '../../../features/patients/components/patients-section';
import { useOrganization, type OrganizationDetailResponse } from '../../../features/organizations/api/get-organization';
import { DeleteOrganizationModal } from '../../../features/organizations/components/delete-organization-modal';
import { OrganizationForm } from '../../../features/organizations/components/organization-form';
import { OrganizationOverview } from '../../../features/organizations/components/organization-overview';
import { OnCallNumberCard } from '../../../features/organizations/components/on-call-number-card';
import { DeleteUserModal } from '../../../features/users/components/delete-user-modal';
import { useOrganizationUsers } from '../../../features/users/api/get-organization-users';
import { ProviderUsersTable } from '../../../features/users/components/provider-users-table';
import { UserFormModal } from '../../../features/users/components/user-form-modal';
import { useModalTarget } from '../../../lib/use-modal-target';
import { ORGANIZATION_TABS, searchForTab, tabFromSearch } from './organization-detail.utils';
import { ListEmptyState } from '../../../components/feedback/list-empty-state';
import { BackButton } from '../../../components/layout/back-button';

function BackToOrganizations() {
  return <BackButton to={paths.admin.organizations.getHref()}>Back to Providers</BackButton>;
}

function ProviderUsersTab({ detail }: { detail: OrganizationDetailResponse }) {
  const form = useModalTarget<UserProfile>();
  const removing = useModalTarget<UserProfile>();
  const organization = { id: detail.provider.id, name: detail.provider.name };
  const query = useOrganizationUsers(detail.provider.id);
  const users = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Provider Users
        </Title>
        <Button leftSection={<UserPlus size={16} aria-hidden="true" />} onClick={() => form.open()}>
          Add Provider User
        </Button>
      </Group>
      <QueryTableCard
        query={firstPageState(query)}
        isEmpty={users.length === 0}
        empty={
          <ListEmptyState
            icon={UsersRound}
            title="No provider users yet"
            description="Provider users sign in to manage this organization's patients."
          />
        }
      >
        <ProviderUsersTable users={users} onEdit={form.open} onRemove={removing.open} />
      </QueryTableCard>
      <LoadMore query={query} label="Load more provider users" />
      <UserFormModal
        opened={form.opened}
        user={form.target ?? undefined}
        onClose={form.close}
        lockedOrganization={organization}
        scope="provider-users"
      />
      <DeleteUserModal
        opened={removing.opened}
        user={removing.target}
        onClose={removing.close}
        scope="provider-users"
      />
    </Stack>
  );
}

function PatientsTab({ detail }: { detail: OrganizationDetailResponse }) {
  return (
    <PatientsSection
      viewHref={paths.admin.patient.getHref}
      organizationId={detail.provider.id}
      timezone={detail.provider.timezone}
    />
  );
}

function SettingsTab({ detail }: { detail: OrganizationDetailResponse }) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="provider-settings-title">
        <Title order={2} size="h4" mb="md" id="provider-settings-title">
          Organization Settings
        </Title>
        <Stack gap="md">
          {saved && (
            <Alert color="green" role="status">
              Provider updated successfully
            </Alert>
          )}
          <OrganizationForm key={detail.provider.id} organization={detail.provider} onSaved={() => setSaved(true)} />
        </Stack>
      </Card>
      <OnCallNumberCard key={`on-call-${detail.provider.id}`} organization={detail.provider} />
      <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="provider-delete-title">
        <Title order={2} size="h4" mb="xs" id="provider-delete-title">
          Delete Provider
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          The organization leaves every list and its provider users can no longer sign in. Patient records are kept.
        </Text>
        <Button
          color="red"
          variant="light"
          leftSection={<Trash2 size={16} aria-hidden="true" />}
          onClick={() => setDeleting(true)}
        >
          Delete Provider
        </Button>
      </Card>
      <DeleteOrganizationModal
        opened={deleting}
        organization={detail.provider}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate(paths.admin.organizations.getHref())}
      />
    </Stack>
  );
}

/** `/admin/providers/{providerId}`: Overview, Provider Users, Patients and Settings, in `?tab=`. */
export function OrganizationDetailPage() {
  const { organizationId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromSearch(searchParams);
  const query = useOrganization(organizationId);

  // A 404 wins even over cached data (the record was archived); other failures of a refetch keep
  // showing what was loaded.
  if (query.error instanceof ApiError && query.error.status === 404) {
    return (
      <MessagePage title="Provider Not Found" icon={<Building2 size={28} />} actions={<BackToOrganizations />}>
        This provider organization does not exist or has been deleted.
      </MessagePage>
    );
  }

  if (!query.data) {
    if (!query.isError) return <PageSpinner />;
    return (
      <PageShell title="Organization Details" actions={<BackToOrganizations />}>
        <ErrorAlert message={query.error.message} onRetry={() => void query.refetch()} />
      </PageShell>
    );
  }

  const detail = query.data;
  return (
    <PageShell title={detail.provider.name} description="Provider organization" actions={<BackToOrganizations />}>
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(value) => {
          const next = ORGANIZATION_TABS.find((t) => t.value === value)?.value ?? 'overview';
          setSearchParams(searchForTab(searchParams, next), { replace: true });
        }}
      >
        <Tabs.List>
          {ORGANIZATION_TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="overview" pt="lg">
          <OrganizationOverview organization={detail.provider} />
        </Tabs.Panel>
        <Tabs.Panel value="users" pt="lg">
          <ProviderUsersTab detail={detail} />
        </Tabs.Panel>
        <Tabs.Panel value="patients" pt="lg">
          <PatientsTab detail={detail} />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="lg">
          <SettingsTab detail={detail} />
        </Tabs.Panel>
      </Tabs>
    </PageShell>
  );
}
