import { EmptyState } from '@mantine/core';
import { PhoneOff } from 'lucide-react';

/** Calls arrive with the calling issue; until then every call list is empty. */
export function CallsEmptyState() {
  return <EmptyState size="sm" icon={<PhoneOff size={24} aria-hidden="true" />} title="No calls yet" py="lg" />;
}
