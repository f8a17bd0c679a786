import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Phone } from 'lucide-react';
import { CALL_MESSAGES } from '../../../../../shared/call-messages';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { usePlaceCall } from '../api/place-call';
import { CallSuccessAlert } from './call-success-alert';
import { MAKE_CALL_SUCCESS_CLOSE_MS, callRequestPhase, canClose, type CallModalProps } from './call-request.utils';
import { makeCallErrorText } from './calls.utils';
import { NoPhoneNotice } from './no-phone-notice';
import { useCloseAfter } from './use-close-after';

/**
 * Make Call (product-rules.md "Calls"): idle, starting (cannot be closed), then 'Call Started
 * Successfully!' that closes itself after 3 s, or the failure inside the modal.
 */
export function MakeCallModal({ opened, onClose, patientId, patientName, phoneNumber }: CallModalProps) {
  const call = usePlaceCall(patientId);
  const phase = callRequestPhase(call);
  const closable = canClose(phase);

  const close = () => {
    if (!canClose(callRequestPhase(call))) return;
    call.reset();
    onClose();
  };
  useCloseAfter(opened && phase === 'success', MAKE_CALL_SUCCESS_CLOSE_MS, close);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Make Call to ${patientName}`}
      size="md"
      closeOnEscape={closable}
      closeOnClickOutside={closable}
      closeButtonProps={{ 'aria-label': 'Close dialog', disabled: !closable }}
    >
      <Stack gap="md">
        {phase === 'success' ? (
          <CallSuccessAlert message={CALL_MESSAGES.callStarted} />
        ) : phoneNumber ? (
          <Text>
            The CareLoop assistant will phone {patientName} at <strong>{phoneNumber}</strong> now for a care check-in.
            The call appears in Call History.
          </Text>
        ) : (
          <NoPhoneNotice />
        )}
        {phase === 'error' && <ErrorAlert message={makeCallErrorText(call.error)} />}
        <Group justify="flex-end" gap="sm">
          {phase === 'success' ? (
            <Button variant="default" onClick={close}>
              Close
            </Button>
          ) : (
            <>
              <Button variant="default" onClick={close} disabled={!closable}>
                Cancel
              </Button>
              <Button
                leftSection={<Phone size={16} aria-hidden="true" />}
                loading={phase === 'starting'}
                disabled={!phoneNumber}
                onClick={() => call.mutate()}
              >
                Start Call
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
