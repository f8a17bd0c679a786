import { Modal, Stack } from '@mantine/core';
import { useState, type ComponentType, type FormEvent } from 'react';
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
import { FormActions } from '../../../components/forms/form-actions';

/** The field choosing the patient's billing practitioner among the organization's users. */
export type BillingPractitionerSelect = ComponentType<{
  organizationId: string;
  value: string;
  onChange: (userId: string) => void;
}>;

export interface EditPatientModalProps {
  patient: Patient;
  opened: boolean;
  onClose: () => void;
  /** The users feature's picker, passed in by the screen: features do not import each other. */
  practitionerSelect: BillingPractitionerSelect;
}

export function EditPatientModal({ patient, opened, onClose, practitionerSelect }: EditPatientModalProps) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={opened}
      onClose={onClose}
      title="Edit Patient"
      size="lg"
    >
      {opened && <EditPatientForm patient={patient} onDone={onClose} PractitionerSelect={practitionerSelect} />}
    </Modal>
  );
}

function EditPatientForm({
  patient,
  onDone,
  PractitionerSelect,
}: {
  patient: Patient;
  onDone: () => void;
  PractitionerSelect: BillingPractitionerSelect;
}) {
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
        <PractitionerSelect organizationId={patient.provider_id} value={practitioner} onChange={setPractitioner} />
        <FormActions submitLabel="Save Changes" pending={update.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}
