import { Alert } from '@mantine/core';
import { CircleCheck } from 'lucide-react';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import type { Notice } from './use-notice';

/** A success in a green box, a failure in a red one (product-rules.md "Errors"). */
export function TextNotice({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  if (notice.kind === 'error') return <ErrorAlert message={notice.text} />;
  return (
    <Alert color="green" icon={<CircleCheck size={18} aria-hidden="true" />} role="status" aria-live="polite">
      {notice.text}
    </Alert>
  );
}
