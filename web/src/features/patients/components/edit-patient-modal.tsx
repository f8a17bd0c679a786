import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { Patient } from '../../../../../shared/domain';
import { ErrorAlert } from '../../../components/feedback/error-alert';
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
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validatePatientForm(values);
    setError(invalid);
    if (invalid) return;
    update.mutate(toPatientPayload(values, patient.version), {
      onSuccess: onDone,
      onError: (caught) => setError(caught.message),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit patient">
      <Stack gap="md">
        {error && <ErrorAlert message={error} />}
        <PatientFields values={values} onChange={setValues} />
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
