import { Button, Group, Modal, NativeSelect, Stack } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import type { Patient } from '../../../../../shared/domain';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useOrganizationUsers } from '../../users/api/get-organization-users';
import { useUpdatePatient } from '../api/save-patient';
import { PatientFields } from './patient-fields';
import {
  patientToFormValues,
  toPatientPayload,
  validatePatientForm,
  type PatientFormValues,
} from './patient-form.utils';

export interface EditPatientModalProps {
  patient: Patient;
  opened: boolean;
  onClose: () => void;
}

export function EditPatientModal({ patient, opened, onClose }: EditPatientModalProps) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={opened}
      onClose={onClose}
      title="Edit Patient"
      size="lg"
    >
      {opened && <EditPatientForm patient={patient} onDone={onClose} />}
    </Modal>
  );
}

function EditPatientForm({ patient, onDone }: { patient: Patient; onDone: () => void }) {
  const update = useUpdatePatient(patient.id);
  const [values, setValues] = useState<PatientFormValues>(() => patientToFormValues(patient));
  const [practitioner, setPractitioner] = useState(patient.billingPractitionerId ?? '');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validatePatientForm(values);
    setError(invalid);
    if (invalid) return;
    update.mutate(
      { ...toPatientPayload(values, patient.version), billing_practitioner_id: practitioner || null },
      {
        onSuccess: onDone,
        onError: (caught) => setError(caught.message),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit patient">
      <Stack gap="md">
        {error && <ErrorAlert message={error} />}
        <PatientFields values={values} onChange={setValues} />
        <BillingPractitionerSelect
          organizationId={patient.provider_id}
          value={practitioner}
          onChange={setPractitioner}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The one practitioner who bills CCM for the patient: a provider user of the organization whose care
 * role is billing practitioner (product-rules.md "Care management (CCM)"; the API checks it too).
 */
function BillingPractitionerSelect({
  organizationId,
  value,
  onChange,
}: {
  organizationId: string;
  value: string;
  onChange: (userId: string) => void;
}) {
  const users = useOrganizationUsers(organizationId);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = users;
  // The choice needs every practitioner: the remaining pages load one after the other.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const practitioners = (users.data?.pages.flatMap((page) => page.items) ?? []).filter(
    (u) => u.care_role === 'billing_practitioner',
  );
  const loading = users.isPending || hasNextPage;
  const data = [
    { value: '', label: loading ? 'Loading practitioners...' : 'None' },
    ...practitioners.map((u) => ({ value: u.id, label: u.full_name || u.email })),
  ];
  return (
    <NativeSelect
      label="Billing practitioner"
      description={
        users.isError ? users.error.message : 'The one practitioner who bills care management for this patient'
      }
      error={users.isError ? true : undefined}
      disabled={loading}
      data={data}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
