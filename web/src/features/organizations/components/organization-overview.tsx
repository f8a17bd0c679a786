import { Card, SimpleGrid } from '@mantine/core';
import { DAILY_LIMIT_MESSAGES } from '../../../../../shared/daily-limits';
import type { ProviderOrganization } from '../../../../../shared/domain';
import { ON_CALL_MESSAGES } from '../../../../../shared/warm-transfer';
import { formatDate } from '../../../lib/format-date';
import { Field } from '../../../components/data/field';

export interface OrganizationOverviewProps {
  organization: ProviderOrganization;
}

/** The Overview tab: contact details, the patient total and the daily limits of one organization (its users have their own tab). */
export function OrganizationOverview({ organization }: OrganizationOverviewProps) {
  return (
    <Card withBorder padding="lg" radius="md">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="lg" m={0}>
        <Field label="Organization Name">{organization.name}</Field>
        <Field label="Office Email">{organization.office_email ?? 'Not provided'}</Field>
        <Field label="Telephone">{organization.telephone ?? 'Not provided'}</Field>
        <Field label="Address">{organization.address ?? 'Not provided'}</Field>
        <Field label="Time Zone">{organization.timezone}</Field>
        <Field label="Texting Number">{organization.sms_sender ?? 'Not set: patients cannot be texted yet'}</Field>
        <Field label={ON_CALL_MESSAGES.label}>{organization.on_call_number ?? ON_CALL_MESSAGES.notSet}</Field>
        <Field label="Group NPI">{organization.group_npi ?? 'Not set: claims bill under the practitioner’s NPI'}</Field>
        <Field label="Added">{formatDate(organization.created_at)}</Field>
        <Field label="Patients">{organization.patient_count}</Field>
        <Field label="Daily Call Limit">
          {DAILY_LIMIT_MESSAGES.shown(organization.daily_call_limit, organization.patient_count)}
        </Field>
        <Field label="Daily Text Limit">
          {DAILY_LIMIT_MESSAGES.shown(organization.daily_text_limit, organization.patient_count)}
        </Field>
      </SimpleGrid>
    </Card>
  );
}
