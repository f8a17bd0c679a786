import { Button, Group, Table, Text } from '@mantine/core';
import { Pencil, UserMinus } from 'lucide-react';
import type { UserProfile } from '../../../../../shared/domain';
import { formatDate } from '../../../lib/format-date';
import { displayName } from './users.utils';

export interface ProviderUsersTableProps {
  users: UserProfile[];
  /** Without these the list is read-only (the provider dashboard). */
  onEdit?: (user: UserProfile) => void;
  onRemove?: (user: UserProfile) => void;
}

/** An organization's provider users: name and e-mail, phone and added date (from 768 px). */
export function ProviderUsersTable({ users, onEdit, onRemove }: ProviderUsersTableProps) {
  const withActions = Boolean(onEdit || onRemove);
  return (
    <Table verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Name</Table.Th>
          <Table.Th scope="col" visibleFrom="sm">
            Phone
          </Table.Th>
          <Table.Th scope="col" visibleFrom="sm">
            Added
          </Table.Th>
          {withActions && <Table.Th scope="col">Actions</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {users.map((user) => {
          const name = displayName(user);
          return (
            <Table.Tr key={user.id}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {name}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {user.email}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">{user.phone_number ?? '—'}</Table.Td>
              <Table.Td visibleFrom="sm">{formatDate(user.created_at)}</Table.Td>
              {withActions && (
                <Table.Td>
                  <Group gap="xs">
                    {onEdit && (
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<Pencil size={14} aria-hidden="true" />}
                        aria-label={`Edit ${name}`}
                        onClick={() => onEdit(user)}
                      >
                        Edit
                      </Button>
                    )}
                    {onRemove && (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        leftSection={<UserMinus size={14} aria-hidden="true" />}
                        aria-label={`Remove ${name}`}
                        onClick={() => onRemove(user)}
                      >
                        Remove
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
