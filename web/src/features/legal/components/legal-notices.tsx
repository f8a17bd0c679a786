import { Alert, Anchor, Text } from '@mantine/core';
import { Siren } from 'lucide-react';
import { Link } from 'react-router';
import { COMPANY, mailto } from '../../../config/company';
import { paths } from '../../../config/paths';

/** Stated on every legal page: the product is not an emergency service. */
export function EmergencyNotice() {
  return (
    <Alert color="red" icon={<Siren size={18} aria-hidden="true" />} title="Not for emergencies">
      {COMPANY.name} is not an emergency service and does not monitor messages or calls in real time. If you have a
      medical emergency, call 911.
    </Alert>
  );
}

/** The text-message terms every legal page repeats with the same figure (product-rules.md "Texts"). */
export function SmsEssentials({ withPolicyLink = true }: { withPolicyLink?: boolean }) {
  return (
    <Text>
      Message frequency varies: you will receive {COMPANY.smsFrequency}. Message and data rates may apply. Reply{' '}
      <strong>STOP</strong> to any message to opt out, and <strong>HELP</strong> for help. You can also e-mail{' '}
      <Anchor href={mailto(COMPANY.supportEmail)}>{COMPANY.supportEmail}</Anchor>.
      {withPolicyLink && (
        <>
          {' '}
          See our{' '}
          <Anchor component={Link} to={paths.smsPolicy.getHref()}>
            SMS Policy
          </Anchor>{' '}
          for details.
        </>
      )}
    </Text>
  );
}

/** Enrolment requires the patient's consent (product-rules.md "Roles"). */
export function ConsentStatement() {
  return (
    <Text>
      A patient is enrolled only after giving consent to their healthcare provider, either by signing a consent form or
      by giving verbal consent that the provider records. Consent to receive calls and text messages is not a condition
      of receiving care, and it can be withdrawn at any time.
    </Text>
  );
}
