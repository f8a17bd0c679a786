import { Modal } from '@mantine/core';
import type { ProviderRef, UserProfile } from '../../../../../shared/domain';
import type { UserScope } from '../api/save-user';
import { UserForm } from './user-form';
import { isPending } from './users.utils';

export interface UserFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The user to edit; without it the modal adds one. */
  user?: UserProfile;
  organizations?: ProviderRef[];
  organizationsLoading?: boolean;
  organizationSearch?: string;
  onOrganizationSearch?: (search: string) => void;
  lockedOrganization?: ProviderRef;
  scope?: UserScope;
  currentUserId?: string;
}

export function UserFormModal({ opened, onClose, user, scope = 'users', ...formProps }: UserFormModalProps) {
  const noun = scope === 'provider-users' ? 'Provider User' : 'User';
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={opened}
      onClose={onClose}
      title={`${user ? (isPending(user) ? 'Enable' : 'Edit') : 'Add'} ${noun}`}
      size="lg"
    >
      <UserForm key={user?.id ?? 'new'} user={user} scope={scope} onCancel={onClose} onSaved={onClose} {...formProps} />
    </Modal>
  );
}
