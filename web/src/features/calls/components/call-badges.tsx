import { Badge } from '@mantine/core';
import type { CallStatus, EscalationLevel } from '../../../../../shared/values/calls';
import { callStatusBadge } from './calls.utils';
import { ESCALATION_BADGE_COLORS } from '../../../lib/call-format';

export function CallStatusBadge({ status }: { status: CallStatus }) {
  const { label, color } = callStatusBadge(status);
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}

/** The escalation level of a completed call's report, e.g. 'Urgent'. */
export function EscalationBadge({ level }: { level: EscalationLevel }) {
  return (
    <Badge color={ESCALATION_BADGE_COLORS[level]} variant="outline">
      {level}
    </Badge>
  );
}
