import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

export interface FormActionsProps {
  /** The submit button's text ('Save Changes', 'Add Provider'...). */
  submitLabel: ReactNode;
  /** While the save runs: the submit button spins and Cancel waits. */
  pending: boolean;
  /** Absent where the form has nowhere to go back to (a page rather than a dialog). */
  onCancel?: () => void;
}

/** A form's footer: Cancel, then the submit button, at the right. */
export function FormActions({ submitLabel, pending, onCancel }: FormActionsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      {onCancel && (
        <Button variant="default" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      )}
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
