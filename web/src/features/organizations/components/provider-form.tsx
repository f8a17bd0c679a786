import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { ProviderOrganization } from '../../../../../shared/domain';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useSaveProvider } from '../api/save-provider';
import {
  EMPTY_PROVIDER_FORM,
  providerToFormValues,
  timezoneOptions,
  toProviderPayload,
  validateProviderForm,
  type ProviderFormValues,
} from './provider-form.utils';

export interface ProviderFormProps {
  /** The organization to edit; without it the form creates one. */
  provider?: ProviderOrganization;
  onSaved: (provider: ProviderOrganization) => void;
  onCancel?: () => void;
  submitLabel?: string;
}

/** Organization name, address, telephone, office e-mail and time zone (product-rules.md "Validation" provider form). */
export function ProviderForm({ provider, onSaved, onCancel, submitLabel }: ProviderFormProps) {
  const save = useSaveProvider();
  const [values, setValues] = useState<ProviderFormValues>(() =>
    provider ? providerToFormValues(provider) : EMPTY_PROVIDER_FORM,
  );
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof ProviderFormValues) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = event.currentTarget.value;
    setValues((prev) => ({ ...prev, [field]: value }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateProviderForm(values);
    setError(invalid);
    if (invalid) return;
    save.mutate(
      { providerId: provider?.id, body: toProviderPayload(values, provider?.version) },
      {
        onSuccess: ({ provider: saved }) => onSaved(saved),
        onError: (caught) => setError(caught.message),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={provider ? 'Edit provider' : 'Add provider'}>
      <Stack gap="md">
        {error && <ErrorAlert message={error} />}
        <TextInput
          label="Organization Name"
          required
          withAsterisk={false}
          autoComplete="organization"
          value={values.name}
          onChange={set('name')}
        />
        <TextInput label="Address" autoComplete="street-address" value={values.address} onChange={set('address')} />
        <TextInput
          label="Telephone"
          type="tel"
          autoComplete="tel"
          value={values.telephone}
          onChange={set('telephone')}
        />
        <TextInput
          label="Office Email"
          type="email"
          autoComplete="email"
          value={values.office_email}
          onChange={set('office_email')}
        />
        <NativeSelect
          label="Time Zone"
          description="Outreach calls are placed at local times in this zone."
          data={timezoneOptions(values.timezone)}
          value={values.timezone}
          onChange={set('timezone')}
        />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={save.isPending}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {submitLabel ?? (provider ? 'Save Changes' : 'Add Provider')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
