import { Alert } from '@mantine/core';
import { CircleCheck } from 'lucide-react';

/** A success in a green box (product-rules.md "Errors"), announced politely. */
export function CallSuccessAlert({ message }: { message: string }) {
  return (
    <Alert color="green" icon={<CircleCheck size={18} aria-hidden="true" />} role="status" aria-live="polite">
      {message}
    </Alert>
  );
}
