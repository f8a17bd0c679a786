import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { Pencil, Trash2 } from 'lucide-react';
import type { UserProfile } from '../../../../../shared/domain';
import { formatDate } from '../../../lib/format-date';
import { displayName, isCurrentUser, roleLabel } from './users.utils';

export interface UsersTableProps {
  users: UserProfile[];
  currentUserId: string;
  onEdit: (user: UserProfile) => void;
  onDelete: (user: UserProfile) => void;
}

/**
 * /admin/users: User, Role, Provider, Created, Actions (Provider and Created from 768 px); the
 * signed-in user is marked 'You'.
 */
export function UsersTable({ users, currentUserId, onEdit, onDelete }: UsersTableProps) {
  return (
    <Table verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">User</Table.Th>
          <Table.Th scope="col">Role</Table.Th>
          <Table.Th scope="col" visibleFrom="sm">
            Provider
          </Table.Th>
          <Table.Th scope="col" visibleFrom="sm">
            Created
          </Table.Th>
          <Table.Th scope="col">Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {users.map((user) => {
          const name = displayName(user);
          const self = isCurrentUser(user, currentUserId);
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
              <Table.Td>
                <Text size="sm">{roleLabel(user.role)}</Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">{user.provider?.name ?? '—'}</Table.Td>
              <Table.Td visibleFrom="sm">{formatDate(user.created_at)}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<Pencil size={14} aria-hidden="true" />}
                    aria-label={`Edit ${name}`}
                    onClick={() => onEdit(user)}
                  >
                    Edit
                  </Button>
                  {self ? (
                    <Badge variant="outline" color="gray">
                      You
                    </Badge>
                  ) : (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      leftSection={<Trash2 size={14} aria-hidden="true" />}
                      aria-label={`Delete ${name}`}
                      onClick={() => onDelete(user)}
                    >
                      Delete
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
