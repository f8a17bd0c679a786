import { Table } from '@mantine/core';
import type { UserProfile } from '../../../../../shared/domain';
import { formatDate } from '../../../lib/format-date';
import { UserRow } from './user-row';

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
        {users.map((user) => (
          <UserRow
            key={user.id}
            user={user}
            onEdit={onEdit}
            removal={onRemove && { verb: 'Remove', onClick: onRemove }}
          >
            <Table.Td visibleFrom="sm">{user.phone_number ?? '—'}</Table.Td>
            <Table.Td visibleFrom="sm">{formatDate(user.created_at)}</Table.Td>
          </UserRow>
        ))}
      </Table.Tbody>
    </Table>
  );
}
