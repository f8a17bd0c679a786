import { Button, Group, Modal, Radio, Stack } from '@mantine/core';
import { CalendarClock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { SCHEDULE_OPTIONS, SCHEDULE_OPTION_LABELS } from '../../../../../shared/values/calls';
import { CALL_MESSAGES } from '../../../../../shared/call-messages';
import { scheduleCallSchema } from '../../../../../shared/validation';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { SCHEDULE_CALL_FALLBACK_REASON, useScheduleCall } from '../api/schedule-call';
import { CallSuccessAlert } from './call-success-alert';
import { SCHEDULE_CALL_SUCCESS_CLOSE_MS, callRequestPhase, canClose, type CallModalProps } from './call-request.utils';
import { callWindowText, scheduleCallErrorText } from './calls.utils';
import { NoPhoneNotice } from './no-phone-notice';
import { useCloseAfter } from './use-close-after';

/**
 * Schedule Call (product-rules.md "Limits" options): in 10 minutes, in 1 week or in 1 month. 'Call Scheduled
 * Successfully!' closes the modal after 2 s; a failure reads 'Failed to schedule call: {reason}'.
 */
export function ScheduleCallModal({ opened, onClose, patientId, patientName, phoneNumber }: CallModalProps) {
  const schedule = useScheduleCall(patientId);
  const [when, setWhen] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const phase = callRequestPhase(schedule);
  const closable = canClose(phase);

  const close = () => {
    if (!canClose(callRequestPhase(schedule))) return;
    schedule.reset();
    setWhen('');
    setInvalid(null);
    onClose();
  };
  useCloseAfter(opened && phase === 'success', SCHEDULE_CALL_SUCCESS_CLOSE_MS, close);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = scheduleCallSchema.safeParse({ when });
    setInvalid(parsed.success ? null : (parsed.error.issues[0]?.message ?? CALL_MESSAGES.scheduleOptionRequired));
    if (parsed.success) schedule.mutate(parsed.data);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Schedule Call for ${patientName}`}
      size="md"
      closeOnEscape={closable}
      closeOnClickOutside={closable}
      closeButtonProps={{ 'aria-label': 'Close dialog', disabled: !closable }}
    >
      {phase === 'success' ? (
        <Stack gap="md">
          <CallSuccessAlert message={CALL_MESSAGES.callScheduled} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
          </Group>
        </Stack>
      ) : (
        <form noValidate onSubmit={submit}>
          <Stack gap="md">
            {!phoneNumber && <NoPhoneNotice />}
            <Radio.Group
              label="When should the assistant call?"
              description={`Calls are placed between ${callWindowText()} in the practice's time zone.`}
              value={when}
              onChange={(value) => {
                setWhen(value);
                setInvalid(null);
              }}
              error={invalid}
              required
            >
              <Stack gap="xs" mt="xs">
                {SCHEDULE_OPTIONS.map((option) => (
                  <Radio
                    key={option}
                    value={option}
                    label={SCHEDULE_OPTION_LABELS[option]}
                    disabled={!phoneNumber || phase === 'starting'}
                  />
                ))}
              </Stack>
            </Radio.Group>
            {phase === 'error' && (
              <ErrorAlert message={scheduleCallErrorText(schedule.error, SCHEDULE_CALL_FALLBACK_REASON)} />
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={!closable}>
                Cancel
              </Button>
              <Button
                type="submit"
                leftSection={<CalendarClock size={16} aria-hidden="true" />}
                loading={phase === 'starting'}
                disabled={!phoneNumber}
              >
                Schedule Call
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
