import { SimpleGrid, TextInput } from '@mantine/core';

export type NameField = 'first_name' | 'last_name';

export interface NameFieldsProps {
  values: Record<NameField, string>;
  onChange: (field: NameField, value: string) => void;
}

/** First Name and Last Name, both required, side by side from 576 px (patient and user forms). */
export function NameFields({ values, onChange }: NameFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <TextInput
        label="First Name"
        autoComplete="off"
        required
        withAsterisk={false}
        value={values.first_name}
        onChange={(event) => onChange('first_name', event.currentTarget.value)}
      />
      <TextInput
        label="Last Name"
        autoComplete="off"
        required
        withAsterisk={false}
        value={values.last_name}
        onChange={(event) => onChange('last_name', event.currentTarget.value)}
      />
    </SimpleGrid>
  );
}
