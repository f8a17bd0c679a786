import { Button, Group, NativeSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Plus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import type { UserProfile } from '../../../../../shared/domain';
import { isRole } from '../../../../../shared/roles';
import { PageShell } from '../../../components/layout/page-shell';
import { firstPageState, LoadMore } from '../../../components/table/load-more';
import { QueryTableCard } from '../../../components/table/table-card';
import { useSignedInUser } from '../../../lib/session';
import { useOrganizations } from '../../../features/organizations/api/get-organizations';
import type { UserFilters } from '../../../features/users/api/user-keys';
import { useUsers } from '../../../features/users/api/get-users';
import { DeleteUserModal } from '../../../features/users/components/delete-user-modal';
import { SettingsAdminModal } from '../../../features/users/components/settings-admin-modal';
import { SuspensionModal } from '../../../features/users/components/suspension-modal';
import { UserFormModal } from '../../../features/users/components/user-form-modal';
import { ROLE_OPTIONS } from '../../../features/users/components/user-form.utils';
import { UsersTable } from '../../../features/users/components/users-table';
import { useModalTarget } from '../../../lib/use-modal-target';
import { ListEmptyState } from '../../../components/feedback/list-empty-state';
import { SearchInput } from '../../../components/forms/search-input';

const ROLE_FILTER_OPTIONS = [
  { value: 'all', label: 'All roles' },
  ...ROLE_OPTIONS,
  { value: 'pending', label: 'Pending' },
];

/** The role filter's value: a role, `pending` (self sign-ups waiting for an operator), else every role. */
const roleFilterOf = (value: string): UserFilters['role'] => (isRole(value) || value === 'pending' ? value : 'all');

/**
 * `/admin/users`: search by e-mail, filter by role (or pending), add, edit, enable a pending self
 * sign-up, suspend and restore, grant and revoke settings administration (settings admins), and delete
 * (never oneself).
 */
export function UsersPage() {
  const me = useSignedInUser();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<UserFilters['role']>('all');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const users = useUsers({ search: debouncedSearch, role });
  // The form's Provider choice asks the server as the operator types: every organization can be found.
  const [organizationSearch, setOrganizationSearch] = useState('');
  const [debouncedOrganizationSearch] = useDebouncedValue(organizationSearch, 250);
  const organizations = useOrganizations(debouncedOrganizationSearch);
  const form = useModalTarget<UserProfile>();
  const deleting = useModalTarget<UserProfile>();
  const suspending = useModalTarget<UserProfile>();
  const settingsAdmin = useModalTarget<UserProfile>();
  const list = users.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = debouncedSearch.trim() !== '' || role !== 'all';

  return (
    <PageShell
      title="User Management"
      description="Everyone who can sign in to CareLoop."
      actions={
        <Button leftSection={<Plus size={16} aria-hidden="true" />} onClick={() => form.open()}>
          Add User
        </Button>
      }
    >
      <Group align="flex-end" gap="md">
        <SearchInput label="Search users" value={search} onChange={setSearch} w={{ base: '100%', xs: 320 }} />
        <NativeSelect
          label="Filter by role"
          data={ROLE_FILTER_OPTIONS}
          value={role}
          onChange={(event) => setRole(roleFilterOf(event.currentTarget.value))}
          w={{ base: '100%', xs: 220 }}
        />
      </Group>

      <QueryTableCard
        query={firstPageState(users)}
        isEmpty={list.length === 0}
        empty={
          <ListEmptyState
            icon={UsersRound}
            title="No users found"
            description={filtered ? 'No user matches this search and role.' : undefined}
          />
        }
      >
        <UsersTable
          users={list}
          currentUserId={me.id}
          onEdit={form.open}
          onDelete={deleting.open}
          onSuspension={suspending.open}
          // Only settings admins grant or revoke it (the API refuses everyone else).
          onSettingsAdmin={me.can_manage_settings === true ? settingsAdmin.open : undefined}
        />
      </QueryTableCard>
      <LoadMore query={users} label="Load more users" />

      <UserFormModal
        opened={form.opened}
        user={form.target ?? undefined}
        onClose={() => {
          setOrganizationSearch('');
          form.close();
        }}
        currentUserId={me.id}
        organizations={organizations.data?.pages.flatMap((page) => page.items)}
        organizationsLoading={organizations.isPending}
        organizationSearch={organizationSearch}
        onOrganizationSearch={setOrganizationSearch}
      />
      <DeleteUserModal opened={deleting.opened} user={deleting.target} onClose={deleting.close} />
      <SuspensionModal opened={suspending.opened} user={suspending.target} onClose={suspending.close} />
      <SettingsAdminModal opened={settingsAdmin.opened} user={settingsAdmin.target} onClose={settingsAdmin.close} />
    </PageShell>
  );
}
