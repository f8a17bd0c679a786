import { Badge } from '@mantine/core';
import { CalendarDays, Siren, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { EscalationLevel } from '../../../../../shared/values/calls';
import type { SummaryStatus } from '../../../../../shared/values/summaries';
import { ESCALATION_BADGE_COLORS } from '../../../lib/call-format';
import { SUMMARY_STATUS_BADGES } from './summaries.utils';

/** product-rules.md "Screens": Emergent a siren, Urgent a warning, Elective a calendar. */
export const ESCALATION_ICONS: Record<Exclude<EscalationLevel, 'Normal'>, LucideIcon> = {
  Emergent: Siren,
  Urgent: TriangleAlert,
  Elective: CalendarDays,
};

/** Emergent red, Urgent orange, Elective yellow, each with its icon. */
export function SummaryEscalationBadge({ level }: { level: Exclude<EscalationLevel, 'Normal'> }) {
  const Icon = ESCALATION_ICONS[level];
  return (
    <Badge color={ESCALATION_BADGE_COLORS[level]} variant="light" leftSection={<Icon size={12} aria-hidden="true" />}>
      {level}
    </Badge>
  );
}

export function SummaryStatusBadge({ status }: { status: SummaryStatus }) {
  const { label, color } = SUMMARY_STATUS_BADGES[status];
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}
