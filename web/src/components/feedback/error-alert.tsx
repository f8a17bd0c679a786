import { Alert, Button, Stack, Text } from '@mantine/core';
import { CircleAlert } from 'lucide-react';

export interface ErrorAlertProps {
  message: string;
  /** Adds a 'Try again' button, for a failed load. */
  onRetry?: () => void;
}

/** A failed load or save, announced as an alert. */
export function ErrorAlert({ message, onRetry }: ErrorAlertProps) {
  return (
    <Alert color="red" icon={<CircleAlert size={18} aria-hidden="true" />} role="alert">
      {onRetry ? (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{message}</Text>
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      ) : (
        message
      )}
    </Alert>
  );
}
