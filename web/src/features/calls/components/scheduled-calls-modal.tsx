import { Modal, Table } from '@mantine/core';
import { firstPageState, LoadMore } from '../../../components/table/load-more';
import { QueryTableCard } from '../../../components/table/table-card';
import { useScheduledCalls } from '../api/get-scheduled-calls';
import { CallsEmptyState } from './calls-empty-state';
import { CallsTable } from './calls-table';
import { timePreferenceText } from './calls.utils';
import { formatCallTime } from '../../../lib/call-format';

export interface ScheduledCallsModalProps {
  opened: boolean;
  onClose: () => void;
}

const COLUMNS = ['Patient', 'Provider', 'Scheduled Time', 'Time Preference', 'Created'] as const;

/** Every pending scheduled call, soonest first (product-rules.md "Screens" Scheduled Calls). Loaded only while open. */
export function ScheduledCallsModal({ opened, onClose }: ScheduledCallsModalProps) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={opened}
      onClose={onClose}
      title="Scheduled Calls"
      size="xl"
    >
      {opened && <PendingCalls />}
    </Modal>
  );
}

function PendingCalls() {
  const query = useScheduledCalls();
  const calls = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <QueryTableCard
        query={firstPageState(query)}
        isEmpty={calls.length === 0}
        empty={<CallsEmptyState title="No scheduled calls" />}
      >
        <CallsTable label="Scheduled calls" columns={COLUMNS}>
          {calls.map((call) => (
            <Table.Tr key={call.id}>
              <Table.Td>{call.patient_name}</Table.Td>
              <Table.Td>{call.provider_name}</Table.Td>
              <Table.Td>{formatCallTime(call.scheduled_at)}</Table.Td>
              <Table.Td>{timePreferenceText(call.time_preference)}</Table.Td>
              <Table.Td>{formatCallTime(call.created_at)}</Table.Td>
            </Table.Tr>
          ))}
        </CallsTable>
      </QueryTableCard>
      <LoadMore query={query} label="Load more scheduled calls" />
    </>
  );
}
