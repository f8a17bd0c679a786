import { Button, Group, Stack, Title } from '@mantine/core';
import { Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Patient } from '../../../../../shared/domain';
import { TableCard } from '../../../components/table/table-card';
import { AddPatientWizard } from './add-patient-wizard';
import { PatientsEmptyState } from './patients-empty-state';
import { PatientsTable } from './patients-table';

export interface PatientsSectionProps {
  /** The organization's patients. */
  patients: Patient[];
  /** The rows shown, when fewer than all of `patients`. */
  rows?: Patient[];
  viewHref: (patientId: string) => string;
  /** The organization patients are added to, and its time zone for outreach. */
  providerId: string;
  timezone: string;
  /** Below the table, e.g. a 'View All' button. */
  footer?: ReactNode;
}

/** An organization's 'Patients' heading, table or empty state, and Add Patient (beside the heading once there are any). */
export function PatientsSection({
  patients,
  rows = patients,
  viewHref,
  providerId,
  timezone,
  footer,
}: PatientsSectionProps) {
  const [adding, setAdding] = useState(false);
  const addButton = (
    <Button leftSection={<Plus size={16} aria-hidden="true" />} onClick={() => setAdding(true)}>
      Add Patient
    </Button>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Patients
        </Title>
        {patients.length > 0 && addButton}
      </Group>
      <TableCard isEmpty={patients.length === 0} empty={<PatientsEmptyState action={addButton} />}>
        <PatientsTable patients={rows} viewHref={viewHref} />
      </TableCard>
      {footer}
      <AddPatientWizard opened={adding} onClose={() => setAdding(false)} providerId={providerId} timezone={timezone} />
    </Stack>
  );
}
