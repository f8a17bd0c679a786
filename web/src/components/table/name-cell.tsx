import { Table, Text } from '@mantine/core';

/** A person's row heading: the name in bold and the e-mail below it. */
export function NameCell({ name, email }: { name: string; email: string }) {
  return (
    <Table.Td>
      <Text fw={600} size="sm">
        {name}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {email}
      </Text>
    </Table.Td>
  );
}
