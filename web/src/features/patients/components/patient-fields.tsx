import { Stack, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { NameFields } from '../../../components/forms/name-fields';
import type { PatientFormValues } from './patient-form.utils';

export interface PatientFieldsProps {
  values: PatientFormValues;
  onChange: (values: PatientFormValues) => void;
}

/** Email, First Name, Last Name and Phone Number: the add-patient wizard and Edit Patient. */
export function PatientFields({ values, onChange }: PatientFieldsProps) {
  const set = (field: keyof PatientFormValues) => (event: ChangeEvent<HTMLInputElement>) =>
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
    </Stack>
  );
}
