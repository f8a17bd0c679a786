import { ActionIcon, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Calendar, Mail, MapPin, Pencil, Phone, Trash2, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProviderOrganization } from '../../../../../shared/domain';
import { paths } from '../../../config/paths';
import classes from './organization-card.module.css';
import { formatDate } from '../../../lib/format-date';
import { patientCountLabel } from './format.utils';

function Detail({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <Text c="dimmed" component="span" lh={0} mt={3} aria-hidden="true">
        {icon}
      </Text>
      <Text size="sm" className={classes.detail}>
        {children}
      </Text>
    </Group>
  );
}

export interface OrganizationCardProps {
  organization: ProviderOrganization;
  onDelete: (organization: ProviderOrganization) => void;
}

/** Dashboard card: opens the organization's patients; edit opens its settings; delete confirms. */
export function OrganizationCard({ organization, onDelete }: OrganizationCardProps) {
  return (
    <Card withBorder padding="lg" radius="md" className={classes.card} component="article">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h4">
            <Link to={paths.admin.organization.getHref(organization.id, 'patients')} className={classes.link}>
              {organization.name}
            </Link>
          </Title>
          <Group gap={4} wrap="nowrap" className={classes.actions}>
            <ActionIcon
              component={Link}
              to={paths.admin.organization.getHref(organization.id, 'settings')}
              variant="subtle"
              color="gray"
              aria-label={`Edit ${organization.name}`}
            >
              <Pencil size={18} aria-hidden="true" />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${organization.name}`}
              onClick={() => onDelete(organization)}
            >
              <Trash2 size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        </Group>
        <Stack gap={6}>
          {organization.office_email && <Detail icon={<Mail size={16} />}>{organization.office_email}</Detail>}
          {organization.telephone && <Detail icon={<Phone size={16} />}>{organization.telephone}</Detail>}
          {organization.address && <Detail icon={<MapPin size={16} />}>{organization.address}</Detail>}
          <Detail icon={<Users size={16} />}>{patientCountLabel(organization.patient_count)}</Detail>
          <Detail icon={<Calendar size={16} />}>Added {formatDate(organization.created_at)}</Detail>
        </Stack>
      </Stack>
    </Card>
  );
}
