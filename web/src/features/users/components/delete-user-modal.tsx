import type { UserProfile } from '../../../../../shared/domain';
import { ConfirmDeleteModal } from '../../../components/overlays/confirm-delete-modal';
import { useDeleteUser, type UserScope } from '../api/save-user';
import { displayName } from './users.utils';

export interface DeleteUserModalProps {
  opened: boolean;
  /** The user to delete. */
  user: UserProfile | null;
  onClose: () => void;
  scope?: UserScope;
}

/** Deleting a user or provider user asks for confirmation (product-rules.md "Validation"). */
export function DeleteUserModal({ opened, user, onClose, scope = 'users' }: DeleteUserModalProps) {
  const remove = useDeleteUser(scope);
  const providerUser = scope === 'provider-users';
  return (
    <ConfirmDeleteModal
      opened={opened}
      title={providerUser ? 'Remove Provider User' : 'Delete User'}
      mutation={remove}
      onClose={onClose}
      onConfirm={() => {
        if (!user) return;
        remove.mutate(user.id, {
          onSuccess: () => {
            remove.reset();
            onClose();
          },
        });
      }}
    >
      Are you sure you want to {providerUser ? 'remove' : 'delete'} <strong>{user ? displayName(user) : ''}</strong>
      {user?.email ? ` (${user.email})` : ''}? Their account is disabled and they can no longer sign in.
    </ConfirmDeleteModal>
  );
}
