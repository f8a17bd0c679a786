import { Badge, Group, Table, Text } from '@mantine/core';
import type { UserProfile } from '../../../../../shared/domain';
import { formatDate } from '../../../lib/format-date';
import { UserRow } from './user-row';
import { isCurrentUser, isPending, roleLabel } from './users.utils';

export interface UsersTableProps {
  users: UserProfile[];
  currentUserId: string;
  onEdit: (user: UserProfile) => void;
  onDelete: (user: UserProfile) => void;
  onSuspension: (user: UserProfile) => void;
  /** Given only when the signed-in operator is a settings admin. */
  onSettingsAdmin?: ((user: UserProfile) => void) | undefined;
}

/**
 * /admin/users: User, Role, Provider, Created, Actions (Provider and Created from 768 px); the
 * signed-in user is marked 'You', a self sign-up waiting for an operator 'Pending' (with Enable), a
 * suspended account 'Suspended' (with Restore), a settings admin 'Settings admin' (granted and revoked
 * by settings admins only).
 */
export function UsersTable({ users, currentUserId, onEdit, onDelete, onSuspension, onSettingsAdmin }: UsersTableProps) {
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
        {users.map((user) => (
          <UserRow
            key={user.id}
            user={user}
            self={isCurrentUser(user, currentUserId)}
            onEdit={onEdit}
            removal={{ verb: 'Delete', onClick: onDelete }}
            onSuspension={onSuspension}
            onSettingsAdmin={onSettingsAdmin}
          >
            <Table.Td>
              {isPending(user) ? (
                <Badge variant="light" color="yellow">
                  Pending
                </Badge>
              ) : (
                <Group gap={6} wrap="nowrap">
                  <Text size="sm">{roleLabel(user.role)}</Text>
                  {user.can_manage_settings === true && (
                    <Badge variant="light" color="blue">
                      Settings admin
                    </Badge>
                  )}
                  {user.suspended_at && (
                    <Badge variant="light" color="red">
                      Suspended
                    </Badge>
                  )}
                </Group>
              )}
            </Table.Td>
            <Table.Td visibleFrom="sm">{user.provider?.name ?? '—'}</Table.Td>
            <Table.Td visibleFrom="sm">{formatDate(user.created_at)}</Table.Td>
          </UserRow>
        ))}
      </Table.Tbody>
    </Table>
  );
}
