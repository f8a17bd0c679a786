import { ActionIcon, Anchor, Group, Table, Text } from '@mantine/core';
import { Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { ProviderOrganization } from '../../../../../shared/domain';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format-date';

export interface ProvidersTableProps {
  providers: ProviderOrganization[];
  onEdit: (provider: ProviderOrganization) => void;
  onDelete: (provider: ProviderOrganization) => void;
}

/** Organizations: name and address, patients, actions; e-mail, telephone and date from 768 px. */
export function ProvidersTable({ providers, onEdit, onDelete }: ProvidersTableProps) {
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
        {providers.map((provider) => (
          <Table.Tr key={provider.id}>
            <Table.Td>
              <Anchor component={Link} to={paths.admin.provider.getHref(provider.id)} fw={600}>
                {provider.name}
              </Anchor>
              {provider.address && (
                <Text size="xs" c="dimmed">
                  {provider.address}
                </Text>
              )}
            </Table.Td>
            <Table.Td visibleFrom="sm" style={{ overflowWrap: 'anywhere' }}>
              {provider.office_email ?? '—'}
            </Table.Td>
            <Table.Td visibleFrom="sm">{provider.telephone ?? '—'}</Table.Td>
            <Table.Td>{provider.patient_count}</Table.Td>
            <Table.Td visibleFrom="sm">{formatDate(provider.created_at)}</Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Edit ${provider.name}`}
                  onClick={() => onEdit(provider)}
                >
                  <Pencil size={18} aria-hidden="true" />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${provider.name}`}
                  onClick={() => onDelete(provider)}
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
