import { ActionIcon, Anchor, Group, Table, Text } from '@mantine/core';
import { Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { ProviderOrganization } from '../../../../../shared/domain';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format-date';

export interface OrganizationsTableProps {
  organizations: ProviderOrganization[];
  onEdit: (organization: ProviderOrganization) => void;
  onDelete: (organization: ProviderOrganization) => void;
}

/** Organizations: name and address, patients, actions; e-mail, telephone and date from 768 px. */
export function OrganizationsTable({ organizations, onEdit, onDelete }: OrganizationsTableProps) {
  return (
    <Table verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Organization</Table.Th>
          <Table.Th scope="col" visibleFrom="sm">
            Office Email
          </Table.Th>
          <Table.Th scope="col" visibleFrom="sm">
            Telephone
          </Table.Th>
          <Table.Th scope="col">Patients</Table.Th>
          <Table.Th scope="col" visibleFrom="sm">
            Added
          </Table.Th>
          <Table.Th scope="col">Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {organizations.map((organization) => (
          <Table.Tr key={organization.id}>
            <Table.Td>
              <Anchor component={Link} to={paths.admin.organization.getHref(organization.id)} fw={600}>
                {organization.name}
              </Anchor>
              {organization.address && (
                <Text size="xs" c="dimmed">
                  {organization.address}
                </Text>
              )}
            </Table.Td>
            <Table.Td visibleFrom="sm" style={{ overflowWrap: 'anywhere' }}>
              {organization.office_email ?? '—'}
            </Table.Td>
            <Table.Td visibleFrom="sm">{organization.telephone ?? '—'}</Table.Td>
            <Table.Td>{organization.patient_count}</Table.Td>
            <Table.Td visibleFrom="sm">{formatDate(organization.created_at)}</Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Edit ${organization.name}`}
                  onClick={() => onEdit(organization)}
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
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
