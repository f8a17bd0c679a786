import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { FileUp, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { useState } from 'react';
import { ListEmptyState } from '../../components/feedback/list-empty-state';
import { firstPageState, LoadMore } from '../../components/table/load-more';
import { QueryTableCard } from '../../components/table/table-card';
import { paths } from '../../config/paths';
import type { OrganizationDetailResponse } from '../../features/organizations/api/get-organization';
import { PatientsSection } from '../../features/patients/components/patients-section';
import { useOrganizationUsers } from '../../features/users/api/get-organization-users';
import { ProviderUsersTable } from '../../features/users/components/provider-users-table';
import { OnCallNumberCard } from '../../features/organizations/components/on-call-number-card';
import { showViewAllPatients, visiblePatients } from './provider-dashboard.utils';

function PatientsPanel({ detail }: { detail: OrganizationDetailResponse }) {
  const [expanded, setExpanded] = useState(false);
  const total = detail.provider.patient_count;
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button
          component={Link}
          to={paths.provider.panelImport.getHref()}
          variant="light"
          leftSection={<FileUp size={16} aria-hidden="true" />}
        >
          Import Patients
        </Button>
      </Group>
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
    </Stack>
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

/** The provider dashboard's patients and provider users, in tabs. */
export function OrganizationTabs({ detail }: { detail: OrganizationDetailResponse }) {
  return (
    <Tabs defaultValue="patients" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="patients">Patients</Tabs.Tab>
        <Tabs.Tab value="users">Provider Users</Tabs.Tab>
        <Tabs.Tab value="on-call">On-call</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="patients" pt="lg">
        <PatientsPanel detail={detail} />
      </Tabs.Panel>
      <Tabs.Panel value="on-call" pt="lg">
        <OnCallNumberCard organization={detail.provider} />
      </Tabs.Panel>
      <Tabs.Panel value="users" pt="lg">
        <ProviderUsersPanel detail={detail} />
      </Tabs.Panel>
    </Tabs>
  );
}
