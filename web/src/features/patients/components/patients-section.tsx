import { Button, Group, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Plus, Search } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Patient } from '../../../../../shared/domain';
import { firstPageState, LoadMore } from '../../../components/table/load-more';
import { QueryTableCard } from '../../../components/table/table-card';
import { useOrganizationPatients } from '../api/get-organization-patients';
import { AddPatientWizard, loadAddPatientSteps } from './add-patient-wizard';
import { PatientsEmptyState } from './patients-empty-state';
import { PatientsTable } from './patients-table';
import { ListEmptyState } from '../../../components/feedback/list-empty-state';
import { SearchInput } from '../../../components/forms/search-input';

export interface PatientsSectionProps {
  viewHref: (patientId: string) => string;
  /** The organization whose patients are listed and added, and its time zone for outreach. */
  organizationId: string;
  timezone: string;
  /** The rows shown of those loaded (the provider dashboard shows the first few until 'View All'). */
  visible?: (patients: Patient[]) => Patient[];
  /** Below the table, e.g. a 'View All' button; given the rows loaded. */
  footer?: (patients: Patient[]) => ReactNode;
}

/**
 * An organization's 'Patients': a search box (the server searches names and e-mail), the table a
 * page at a time with 'Load more', its empty state, and Add Patient.
 */
export function PatientsSection({ viewHref, organizationId, timezone, visible, footer }: PatientsSectionProps) {
  const [adding, setAdding] = useState(false);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const query = useOrganizationPatients(organizationId, debouncedSearch);
  const patients = query.data?.pages.flatMap((page) => page.items) ?? [];
  const searching = debouncedSearch.trim() !== '';
  const rows = visible ? visible(patients) : patients;
  const addButton = (
    <Button
      leftSection={<Plus size={16} aria-hidden="true" />}
      onPointerEnter={() => void loadAddPatientSteps()}
      onFocus={() => void loadAddPatientSteps()}
      onClick={() => setAdding(true)}
    >
      Add Patient
    </Button>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Patients
        </Title>
        {(patients.length > 0 || searching) && addButton}
      </Group>
      <SearchInput label="Search patients" value={search} onChange={setSearch} />
      <QueryTableCard
        query={firstPageState(query)}
        isEmpty={patients.length === 0}
        empty={
          searching ? (
            <ListEmptyState
              icon={Search}
              title="No patients found"
              description={`No patient matches "${debouncedSearch.trim()}".`}
            />
          ) : (
            <PatientsEmptyState action={addButton} />
          )
        }
      >
        <PatientsTable patients={rows} viewHref={viewHref} />
      </QueryTableCard>
      {footer?.(patients)}
      {rows.length === patients.length && <LoadMore query={query} label="Load more patients" />}
      <AddPatientWizard
        opened={adding}
        onClose={() => setAdding(false)}
        organizationId={organizationId}
        timezone={timezone}
      />
    </Stack>
  );
}
