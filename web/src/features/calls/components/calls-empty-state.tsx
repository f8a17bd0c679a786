import { PhoneOff } from 'lucide-react';
import { ListEmptyState } from '../../../components/feedback/list-empty-state';

/** An empty call list: 'No calls yet' (product-rules.md "Errors") unless a list names its own emptiness. */
export function CallsEmptyState({ title = 'No calls yet' }: { title?: string }) {
  return <ListEmptyState icon={PhoneOff} title={title} />;
}
