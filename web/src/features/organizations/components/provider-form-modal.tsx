import { Modal } from '@mantine/core';
import type { ProviderOrganization } from '../../../../../shared/domain';
import { ProviderForm } from './provider-form';

export interface ProviderFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The organization to edit; without it the modal adds one. */
  provider?: ProviderOrganization;
  onSaved?: (provider: ProviderOrganization) => void;
}

export function ProviderFormModal({ opened, onClose, provider, onSaved }: ProviderFormModalProps) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={opened}
      onClose={onClose}
      title={provider ? 'Edit Provider' : 'Add Provider'}
      size="lg"
    >
      <ProviderForm
        key={provider?.id ?? 'new'}
        provider={provider}
        onCancel={onClose}
        onSaved={(saved) => {
          onSaved?.(saved);
          onClose();
        }}
      />
    </Modal>
  );
}
