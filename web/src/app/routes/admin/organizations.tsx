import { Button } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Building2, Plus, Search } from 'lucide-react';
import { useState } from 'react';
import type { ProviderOrganization } from '../../../../../shared/domain';
import { PageShell } from '../../../components/layout/page-shell';
import { firstPageState, LoadMore } from '../../../components/table/load-more';
import { QueryTableCard } from '../../../components/table/table-card';
import { useModalTarget } from '../../../lib/use-modal-target';
import { useOrganizations } from '../../../features/organizations/api/get-organizations';
import { DeleteOrganizationModal } from '../../../features/organizations/components/delete-organization-modal';
import { OrganizationFormModal } from '../../../features/organizations/components/organization-form-modal';
import { OrganizationsTable } from '../../../features/organizations/components/organizations-table';
import { ListEmptyState } from '../../../components/feedback/list-empty-state';
import { SearchInput } from '../../../components/forms/search-input';

/** `/admin/providers`: every organization, with search and add, edit and delete modals. */
export function OrganizationsPage() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const organizations = useOrganizations(debouncedSearch);
  const form = useModalTarget<ProviderOrganization>();
  const deleting = useModalTarget<ProviderOrganization>();
  const list = organizations.data?.pages.flatMap((page) => page.items) ?? [];
  const searching = debouncedSearch.trim() !== '';

  return (
    <PageShell
      title="Provider Organizations"
      description="Every provider organization using CareLoop."
      actions={
        <Button leftSection={<Plus size={16} aria-hidden="true" />} onClick={() => form.open()}>
          Add Provider
        </Button>
      }
    >
      <SearchInput label="Search providers" value={search} onChange={setSearch} />

      <QueryTableCard
        query={firstPageState(organizations)}
        isEmpty={list.length === 0}
        empty={
          searching ? (
            <ListEmptyState
              icon={Search}
              title="No providers found"
              description={`No provider organization matches "${debouncedSearch.trim()}".`}
            />
          ) : (
            <ListEmptyState
              icon={Building2}
              title="No providers yet"
              action={
                <Button leftSection={<Plus size={16} aria-hidden="true" />} onClick={() => form.open()}>
                  Add First Provider
                </Button>
              }
            />
          )
        }
      >
        <OrganizationsTable organizations={list} onEdit={form.open} onDelete={deleting.open} />
      </QueryTableCard>
      <LoadMore query={organizations} label="Load more providers" />

      <OrganizationFormModal opened={form.opened} organization={form.target ?? undefined} onClose={form.close} />
      <DeleteOrganizationModal opened={deleting.opened} organization={deleting.target} onClose={deleting.close} />
    </PageShell>
  );
}
