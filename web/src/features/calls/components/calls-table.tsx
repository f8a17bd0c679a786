import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface CallsTableProps {
  /** Names the scrollable region (the table scrolls sideways on narrow screens). */
  label: string;
  columns: readonly string[];
  children: ReactNode;
}

/** A calls table that scrolls sideways below its minimum width, reachable by keyboard. */
export function CallsTable({ label, columns, children }: CallsTableProps) {
  return (
    <Table.ScrollContainer minWidth={640} type="native" tabIndex={0} role="region" aria-label={label}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
