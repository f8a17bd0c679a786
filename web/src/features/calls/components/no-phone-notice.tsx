import { Alert } from '@mantine/core';
import { PhoneOff } from 'lucide-react';
import { CALL_MESSAGES } from '../../../../../shared/call-messages';

/** Why calling is disabled: calls go only to patients with a phone number (product-rules.md "Calls"). */
export function NoPhoneNotice() {
  return (
    <Alert color="yellow" icon={<PhoneOff size={18} aria-hidden="true" />} title={CALL_MESSAGES.noPhoneNumber}>
      Add a phone number with Edit Patient to call this patient.
    </Alert>
  );
}
