import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
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
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label="First Name"
          autoComplete="off"
          required
          withAsterisk={false}
          value={values.first_name}
          onChange={set('first_name')}
        />
        <TextInput
          label="Last Name"
          autoComplete="off"
          required
          withAsterisk={false}
          value={values.last_name}
          onChange={set('last_name')}
        />
      </SimpleGrid>
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
