import { Button, EmptyState, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Building2, Plus, Search } from 'lucide-react';
import { useState } from 'react';
import type { ProviderOrganization } from '../../../../../shared/domain';
import { PageShell } from '../../../components/layout/page-shell';
import { firstPageState, LoadMore } from '../../../components/table/load-more';
import { QueryTableCard } from '../../../components/table/table-card';
import { useModalTarget } from '../../../lib/use-modal-target';
import { useProviders } from '../../../features/organizations/api/get-providers';
import { DeleteProviderModal } from '../../../features/organizations/components/delete-provider-modal';
import { ProviderFormModal } from '../../../features/organizations/components/provider-form-modal';
import { ProvidersTable } from '../../../features/organizations/components/providers-table';

/** `/admin/providers`: every organization, with search and add, edit and delete modals. */
export function OrganizationsPage() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const providers = useProviders(debouncedSearch);
  const form = useModalTarget<ProviderOrganization>();
  const deleting = useModalTarget<ProviderOrganization>();
  const list = providers.data?.pages.flatMap((page) => page.items) ?? [];
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
      <TextInput
        label="Search providers"
        placeholder="Search by name or e-mail..."
        leftSection={<Search size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />

      <QueryTableCard
        query={firstPageState(providers)}
        isEmpty={list.length === 0}
        empty={
          searching ? (
            <EmptyState
              size="sm"
              py="lg"
              icon={<Search size={24} aria-hidden="true" />}
              title="No providers found"
              description={`No provider organization matches "${debouncedSearch.trim()}".`}
            />
          ) : (
            <EmptyState size="sm" py="lg" icon={<Building2 size={24} aria-hidden="true" />} title="No providers yet">
              <EmptyState.Actions>
                <Button leftSection={<Plus size={16} aria-hidden="true" />} onClick={() => form.open()}>
                  Add First Provider
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          )
        }
      >
        <ProvidersTable providers={list} onEdit={form.open} onDelete={deleting.open} />
      </QueryTableCard>
      <LoadMore query={providers} label="Load more providers" />

      <ProviderFormModal opened={form.opened} provider={form.target ?? undefined} onClose={form.close} />
      <DeleteProviderModal opened={deleting.opened} provider={deleting.target} onClose={deleting.close} />
    </PageShell>
  );
}
