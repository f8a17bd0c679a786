import { Badge, Group } from '@mantine/core';
import { CONSENT_BADGES } from '../../../../../shared/consent';
import type { Patient } from '../../../../../shared/domain';
import { CCM_MESSAGES } from '../../../../../shared/ccm/messages';

/**
 * A patient's CCM standing at a glance (product-rules.md "Care management (CCM)"): their consent
 * ('Awaiting consent' until it is asked) and, with fewer than two chronic conditions, that CCM
 * cannot be billed for them.
 */
export function CcmBadges({ patient }: { patient: Pick<Patient, 'consent' | 'ccmEligible'> }) {
  const consent = CONSENT_BADGES[patient.consent.status];
  return (
    <Group gap={6} wrap="wrap">
      <Badge variant="light" color={consent.color} radius="sm" tt="none">
        {consent.label}
      </Badge>
      {!patient.ccmEligible && (
        <Badge variant="light" color="red" radius="sm" tt="none">
          {CCM_MESSAGES.notEligible}
        </Badge>
      )}
    </Group>
  );
}
