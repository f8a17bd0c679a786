import { Card, SimpleGrid } from '@mantine/core';
import type { ProviderOrganization } from '../../../../../shared/domain';
import { formatDate } from '../../../lib/format-date';
import { Field } from '../../../components/data/field';

export interface ProviderOverviewProps {
  provider: ProviderOrganization;
}

/** The Overview tab: contact details and the patient total of one organization (its users have their own tab). */
export function ProviderOverview({ provider }: ProviderOverviewProps) {
  return (
    <Card withBorder padding="lg" radius="md">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="lg" m={0}>
        <Field label="Organization Name">{provider.name}</Field>
        <Field label="Office Email">{provider.office_email ?? 'Not provided'}</Field>
        <Field label="Telephone">{provider.telephone ?? 'Not provided'}</Field>
        <Field label="Address">{provider.address ?? 'Not provided'}</Field>
        <Field label="Time Zone">{provider.timezone}</Field>
        <Field label="Added">{formatDate(provider.created_at)}</Field>
        <Field label="Patients">{provider.patient_count}</Field>
      </SimpleGrid>
    </Card>
  );
}
