import { Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { NameFields } from '../../../components/forms/name-fields';
import { LANGUAGE_NAMES } from '../../../../../shared/enrollment/patient-fields';
import type { PatientFormValues } from './patient-form.utils';

export interface PatientFieldsProps {
  values: PatientFormValues;
  onChange: (values: PatientFormValues) => void;
}

/**
 * Email, First Name, Last Name, Phone Number, MRN, Date of Birth and Preferred Language: the
 * add-patient wizard and Edit Patient.
 */
export function PatientFields({ values, onChange }: PatientFieldsProps) {
  const set = (field: keyof PatientFormValues) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    onChange({ ...values, [field]: event.currentTarget.value });
  return (
    <Stack gap="md">
      <TextInput
        label="Email"
        type="email"
        autoComplete="off"
        required
        withAsterisk={false}
        value={values.email}
        onChange={set('email')}
      />
      <NameFields values={values} onChange={(field, value) => onChange({ ...values, [field]: value })} />
      <TextInput
        label="Phone Number"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="+15551234567"
        description="Optional. Include the country code, e.g. +15551234567."
        value={values.phone_number}
        onChange={set('phone_number')}
      />
      <Group grow align="flex-start">
        <TextInput
          label="MRN"
          autoComplete="off"
          description="Optional. The medical record number in your EHR."
          value={values.mrn}
          onChange={set('mrn')}
        />
        <TextInput
          label="Date of Birth"
          type="date"
          autoComplete="off"
          description="Optional."
          min="1900-01-01"
          value={values.date_of_birth}
          onChange={set('date_of_birth')}
        />
      </Group>
      <TextInput
        label="Medicare ID (MBI)"
        autoComplete="off"
        description="Optional. The Medicare Beneficiary Identifier on the patient's Medicare card, e.g. 1EG4-TE5-MK73; claims need it."
        maxLength={13}
        value={values.mbi}
        onChange={set('mbi')}
      />
      <NativeSelect
        label="Preferred Language"
        description="Calls and texts to the patient use it."
        data={Object.entries(LANGUAGE_NAMES).map(([value, label]) => ({ value, label }))}
        value={values.preferred_language}
        onChange={set('preferred_language')}
      />
    </Stack>
  );
}
