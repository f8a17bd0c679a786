import { Button, Group, Stack, Text } from '@mantine/core';
import { CalendarX } from 'lucide-react';
import { useState } from 'react';
import type { CallLogSummary } from '../../../../../shared/calls';
import { usePatientCalls } from '../api/get-patient-calls';
import { CallStatusBadge } from './call-badges';
import { CallsSection } from './calls-section';
import { CancelScheduledCallModal } from './cancel-scheduled-call-modal';
import { timePreferenceText } from './calls.utils';
import { formatCallTime } from '../../../lib/call-format';

/** 'Scheduled Calls' on the patient page: each pending call, its time and preference, and Cancel. */
export function PatientScheduledCalls({ patientId }: { patientId: string }) {
  const { query, scheduled } = usePatientCalls(patientId);
  const [cancelling, setCancelling] = useState<{ opened: boolean; call: CallLogSummary | null }>({
    opened: false,
    call: null,
  });

  return (
    <>
      <CallsSection
        title="Scheduled Calls"
        query={query}
        calls={scheduled}
        emptyTitle="No scheduled calls"
        renderCall={(call) => {
          const time = formatCallTime(call.scheduled_at);
          return (
            <Group justify="space-between" align="center" gap="sm">
              <Stack gap={4}>
                <Group gap="xs">
                  <CallStatusBadge status={call.status} />
                  <Text fw={600} size="sm">
                    {time}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed">
                  Time preference: {timePreferenceText(call.time_preference)}
                </Text>
              </Stack>
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<CalendarX size={14} aria-hidden="true" />}
                aria-label={`Cancel call scheduled for ${time}`}
                onClick={() => setCancelling({ opened: true, call })}
              >
                Cancel
              </Button>
            </Group>
          );
        }}
      />
      <CancelScheduledCallModal
        opened={cancelling.opened}
        call={cancelling.call}
        onClose={() => setCancelling((prev) => ({ ...prev, opened: false }))}
      />
    </>
  );
}
