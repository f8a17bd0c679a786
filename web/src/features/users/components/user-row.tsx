import { Badge, Button, Group, Table } from '@mantine/core';
import { Lock, LockOpen, Pencil, ShieldCheck, ShieldOff, Trash2, UserCheck, UserMinus } from 'lucide-react';
import type { ReactNode } from 'react';
import type { UserProfile } from '../../../../../shared/domain';
import { NameCell } from '../../../components/table/name-cell';
import { displayName, isPending } from './users.utils';

export interface UserRowProps {
  user: UserProfile;
  /** The cells between the user's name and the actions. */
  children: ReactNode;
  onEdit?: (user: UserProfile) => void;
  /** Delete (every user) or Remove (an organization's provider users), with its handler. */
  removal?: { verb: 'Delete' | 'Remove'; onClick: (user: UserProfile) => void };
  /** The signed-in user: a 'You' badge stands in for the removal button. */
  self?: boolean;
  /** Suspend (an active account) or Restore (a suspended one), with its handler; never oneself. */
  onSuspension?: (user: UserProfile) => void;
  /** Given only to settings admins: grant or revoke it on another operator's account. */
  onSettingsAdmin?: (user: UserProfile) => void;
}

/** A user table row: name and e-mail, the given cells, then Edit (Enable when pending) and Delete or Remove when offered. */
export function UserRow({
  user,
  children,
  onEdit,
  removal,
  self = false,
  onSuspension,
  onSettingsAdmin,
}: UserRowProps) {
  const name = displayName(user);
  // A pending account (self sign-up) is edited to enable it.
  const pending = isPending(user);
  const editVerb = pending ? 'Enable' : 'Edit';
  const RemovalIcon = removal?.verb === 'Remove' ? UserMinus : Trash2;
  const suspensionVerb = user.suspended_at ? 'Restore' : 'Suspend';
  const settingsAdmin = user.can_manage_settings === true;
  const settingsAdminLabel = settingsAdmin ? 'Revoke settings admin' : 'Make settings admin';
  return (
    <Table.Tr>
      <NameCell name={name} email={user.email} />
      {children}
      {(onEdit || removal) && (
        <Table.Td>
          <Group gap="xs">
            {onEdit && (
              <Button
                size="xs"
                variant={pending ? 'filled' : 'default'}
                leftSection={
                  pending ? <UserCheck size={14} aria-hidden="true" /> : <Pencil size={14} aria-hidden="true" />
                }
                aria-label={`${editVerb} ${name}`}
                onClick={() => onEdit(user)}
              >
                {editVerb}
              </Button>
            )}
            {onSuspension && !self && !pending && (
              <Button
                size="xs"
                variant="default"
                leftSection={
                  user.suspended_at ? <LockOpen size={14} aria-hidden="true" /> : <Lock size={14} aria-hidden="true" />
                }
                aria-label={`${suspensionVerb} ${name}`}
                onClick={() => onSuspension(user)}
              >
                {suspensionVerb}
              </Button>
            )}
            {onSettingsAdmin && !self && !pending && user.role === 'careloop_employee' && (
              <Button
                size="xs"
                variant="default"
                leftSection={
                  settingsAdmin ? (
                    <ShieldOff size={14} aria-hidden="true" />
                  ) : (
                    <ShieldCheck size={14} aria-hidden="true" />
                  )
                }
                aria-label={`${settingsAdminLabel}: ${name}`}
                onClick={() => onSettingsAdmin(user)}
              >
                {settingsAdminLabel}
              </Button>
            )}
            {self ? (
              <Badge variant="outline" color="gray">
                You
              </Badge>
            ) : (
              removal && (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  leftSection={<RemovalIcon size={14} aria-hidden="true" />}
                  aria-label={`${removal.verb} ${name}`}
                  onClick={() => removal.onClick(user)}
                >
                  {removal.verb}
                </Button>
              )
            )}
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
