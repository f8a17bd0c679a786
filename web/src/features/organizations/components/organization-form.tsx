import { NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { DAILY_LIMIT_FLOOR } from '../../../../../shared/daily-limits';
import type { ProviderOrganization } from '../../../../../shared/domain';
import { FALLBACK_ERRORS } from '../../../../../shared/messages';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { failureText } from '../../../lib/failure-text';
import { useSaveOrganization } from '../api/save-organization';
import {
  EMPTY_ORGANIZATION_FORM,
  organizationToFormValues,
  timezoneOptions,
  toOrganizationPayload,
  validateOrganizationForm,
  type OrganizationFormValues,
} from './organization-form.utils';
import { FormActions } from '../../../components/forms/form-actions';

export interface OrganizationFormProps {
  /** The organization to edit; without it the form creates one. */
  organization?: ProviderOrganization;
  onSaved: (organization: ProviderOrganization) => void;
  onCancel?: () => void;
  submitLabel?: string;
}

/**
 * Organization name, address, telephone, office e-mail, time zone (product-rules.md "Validation"
 * organization form), daily limits and texting number (one per organization: replies come back to it alone).
 */
export function OrganizationForm({ organization, onSaved, onCancel, submitLabel }: OrganizationFormProps) {
  const save = useSaveOrganization();
  const [values, setValues] = useState<OrganizationFormValues>(() =>
    organization ? organizationToFormValues(organization) : EMPTY_ORGANIZATION_FORM,
  );
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof OrganizationFormValues) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = event.currentTarget.value;
    setValues((prev) => ({ ...prev, [field]: value }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateOrganizationForm(values);
    setError(invalid);
    if (invalid) return;
    save.mutate(
      { organizationId: organization?.id, body: toOrganizationPayload(values, organization?.version) },
      {
        onSuccess: ({ provider: saved }) => onSaved(saved),
        onError: (caught) => setError(failureText(caught, FALLBACK_ERRORS.saveProvider)),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={organization ? 'Edit provider' : 'Add provider'}>
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
        <TextInput
          label="Daily Call Limit"
          description={`Calls placed per day. Blank: the larger of ${DAILY_LIMIT_FLOOR} and the active patients.`}
          inputMode="numeric"
          value={values.daily_call_limit}
          onChange={set('daily_call_limit')}
        />
        <TextInput
          label="Daily Text Limit"
          description={`Patient text messages per day. Blank: the larger of ${DAILY_LIMIT_FLOOR} and the active patients.`}
          inputMode="numeric"
          value={values.daily_text_limit}
          onChange={set('daily_text_limit')}
        />
        <TextInput
          label="Texting Number"
          description="The practice's own Twilio number (+18135550101) or Messaging Service SID (MG…). Patient texts are sent from it and replies come back to it; without one the practice cannot text patients."
          autoComplete="off"
          value={values.sms_sender}
          onChange={set('sms_sender')}
        />
        <TextInput
          label="Group NPI"
          description="The practice's group (type 2) NPI, 10 digits. Its claims bill under it, each billing practitioner's own NPI rendering; blank: the practitioner's NPI bills."
          autoComplete="off"
          inputMode="numeric"
          value={values.group_npi}
          onChange={set('group_npi')}
        />
        <FormActions
          submitLabel={submitLabel ?? (organization ? 'Save Changes' : 'Add Provider')}
          pending={save.isPending}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
