import { EmptyState } from '@mantine/core';
import { PhoneOff } from 'lucide-react';

/** An empty call list: 'No calls yet' (product-rules.md "Errors") unless a list names its own emptiness. */
export function CallsEmptyState({ title = 'No calls yet' }: { title?: string }) {
  return <EmptyState size="sm" icon={<PhoneOff size={24} aria-hidden="true" />} title={title} py="lg" />;
}
