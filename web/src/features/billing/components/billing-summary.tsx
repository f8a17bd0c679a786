import { Button, Group, Paper, Text } from '@mantine/core';
import { PROGRAMS } from '../../../../../shared/ccm/programs';
import { PROGRAM_LABELS } from '../../../../../shared/care-program';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useBillingSummary } from '../api/fee-schedule';
import { dollars } from './billing-report.utils';

export interface BillingSummaryProps {
  organizationId: string;
  /** '' for this month in the organization's time zone. */
  month: string;
  onOpenFees: () => void;
}

/** The month's expected payment and what moving each hinted patient to the program that pays more would add. */
export function BillingSummary({ organizationId, month, onOpenFees }: BillingSummaryProps) {
  const summary = useBillingSummary(organizationId, month);
  if (summary.isError) return <ErrorAlert message={summary.error.message} onRetry={() => void summary.refetch()} />;
  const s = summary.data;
  const switches = s
    ? PROGRAMS.filter((p) => s.switch.by_program[p].patients > 0).map(
        (p) => `${s.switch.by_program[p].patients} to ${PROGRAM_LABELS[p]} (+${dollars(s.switch.by_program[p].gain)})`,
      )
    : [];
  return (
    <Paper withBorder p="md" aria-label="Billing summary" component="section">
      <Group justify="space-between" align="flex-start">
        <div>
          <Text fw={600}>
            {s ? `Expected this month: ${dollars(s.payment)} for ${s.patients} patients` : 'Loading the summary...'}
          </Text>
          {s && (
            <Text size="sm" c="dimmed">
              {s.switch.patients > 0
                ? `Switching ${s.switch.patients} patients to the program that pays more would add ${dollars(s.switch.gain)}: ${switches.join(', ')}. A change takes effect the next month.`
                : 'Every patient is in the program that pays most this month.'}
            </Text>
          )}
        </div>
        <Button variant="default" size="xs" onClick={onOpenFees}>
          Fee schedule
        </Button>
      </Group>
    </Paper>
  );
}
