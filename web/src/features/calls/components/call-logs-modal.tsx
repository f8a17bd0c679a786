import { Modal, Table } from '@mantine/core';
import { firstPageState, LoadMore } from '../../../components/table/load-more';
import { QueryTableCard } from '../../../components/table/table-card';
import { useRecentCalls } from '../api/get-recent-calls';
import { CallStatusBadge } from './call-badges';
import { CallsEmptyState } from './calls-empty-state';
import { CallsTable } from './calls-table';
import { callTime } from './calls.utils';
import { formatCallTime, formatDuration } from '../../../lib/call-format';

export interface CallLogsModalProps {
  opened: boolean;
  onClose: () => void;
}

const COLUMNS = ['Patient', 'Provider', 'Status', 'Duration', 'Time'] as const;

/** 'Last 50 calls' across every organization (product-rules.md "Screens" Call Logs). Loaded only while open. */
export function CallLogsModal({ opened, onClose }: CallLogsModalProps) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={opened}
      onClose={onClose}
      title="Last 50 calls"
      size="xl"
    >
      {opened && <RecentCalls />}
    </Modal>
  );
}

function RecentCalls() {
  const query = useRecentCalls();
  const calls = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <QueryTableCard query={firstPageState(query)} isEmpty={calls.length === 0} empty={<CallsEmptyState />}>
        <CallsTable label="Last 50 calls" columns={COLUMNS}>
          {calls.map((call) => (
            <Table.Tr key={call.id}>
              <Table.Td>{call.patient_name}</Table.Td>
              <Table.Td>{call.provider_name}</Table.Td>
              <Table.Td>
                <CallStatusBadge status={call.status} />
              </Table.Td>
              <Table.Td>{formatDuration(call.duration)}</Table.Td>
              <Table.Td>{formatCallTime(callTime(call))}</Table.Td>
            </Table.Tr>
          ))}
        </CallsTable>
      </QueryTableCard>
      <LoadMore query={query} label="Load more calls" />
    </>
  );
}
