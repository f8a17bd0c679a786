import { Button, Stack, Text } from '@mantine/core';
import { ClipboardList } from 'lucide-react';
import { useId } from 'react';
import { CARE_PLAN_LINK_MESSAGES } from '../../../../../shared/care-plan-link-texts';
import { usePatientTexts } from '../api/get-patient-texts';
import { useSendCarePlanLink } from '../api/send-care-plan-link';
import { TextNotice } from './text-notice';
import { TEXT_ERROR_CLEAR_MS } from './texts.utils';
import { useNotice } from './use-notice';

/** A sent notice stays as long as a failure does. */
const SENT_CLEAR_MS = TEXT_ERROR_CLEAR_MS;

export interface SendCarePlanButtonProps {
  patientId: string;
  hasPhone: boolean;
  hasDateOfBirth: boolean;
  consentAccepted: boolean;
  /** Null while the care plan is loading. */
  hasCarePlan: boolean | null;
}

/** Why the care plan cannot be sent now, in the order the server checks; null when it can. */
export function sendCarePlanBlocker(
  props: Omit<SendCarePlanButtonProps, 'patientId'> & { optedOut: boolean },
): string | null {
  if (!props.hasPhone) return CARE_PLAN_LINK_MESSAGES.noPhone;
  if (!props.hasDateOfBirth) return CARE_PLAN_LINK_MESSAGES.noDateOfBirth;
  if (!props.consentAccepted) return CARE_PLAN_LINK_MESSAGES.noConsent;
  if (props.hasCarePlan === false) return CARE_PLAN_LINK_MESSAGES.noCarePlan;
  if (props.optedOut) return CARE_PLAN_LINK_MESSAGES.optedOut;
  return null;
}

/**
 * 'Send Care Plan' on the patient page (issue 26), for the practice's staff: texts the patient a
 * link to their care plan in their language. Off, with the reason beside it, while the patient has
 * no phone, no date of birth, no accepted consent or no care plan, or has opted out of texts; the
 * server checks each again. The text appears in the patient's text history.
 */
export function SendCarePlanButton({ patientId, ...props }: SendCarePlanButtonProps) {
  const send = useSendCarePlanLink(patientId);
  // The same query as the texts section: the opt-out costs no request of its own.
  const { latest } = usePatientTexts(patientId);
  const { notice, show, clear } = useNotice();
  const hintId = useId();
  const blocker = sendCarePlanBlocker({ ...props, optedOut: latest?.opted_out ?? false });

  const onClick = () => {
    clear();
    send.mutate(undefined, {
      onSuccess: () => show({ kind: 'success', text: CARE_PLAN_LINK_MESSAGES.sent }, SENT_CLEAR_MS),
      onError: (error) =>
        show({ kind: 'error', text: error.message || CARE_PLAN_LINK_MESSAGES.failed }, TEXT_ERROR_CLEAR_MS),
    });
  };

  return (
    <Stack gap={4}>
      <Button
        variant="light"
        leftSection={<ClipboardList size={16} aria-hidden="true" />}
        onClick={onClick}
        loading={send.isPending}
        disabled={blocker !== null || props.hasCarePlan === null}
        aria-describedby={blocker ? hintId : undefined}
      >
        {CARE_PLAN_LINK_MESSAGES.button}
      </Button>
      {blocker && (
        <Text id={hintId} size="xs" c="dimmed" maw={320}>
          {blocker}
        </Text>
      )}
      <TextNotice notice={notice} />
    </Stack>
  );
}
