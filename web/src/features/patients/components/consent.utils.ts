import {
  CONSENT_DISCLOSURES,
  type ConsentDisclosure,
  type ConsentMethod,
  type ConsentStatus,
} from '../../../../../shared/consent';
import { CCM_MESSAGES } from '../../../../../shared/ccm/messages';
import { consentSchema, firstError } from '../../../../../shared/validation';
import type { ConsentPayload } from '../api/consent';

/** The consent form: "not asked yet" is offered only where nothing is recorded (the wizard). */
export interface ConsentValues {
  status: ConsentStatus;
  date: string;
  method: ConsentMethod | '';
  disclosures: ConsentDisclosure[];
}

export const consentDefaults = (today: string, status: ConsentStatus = 'not_asked'): ConsentValues => ({
  status,
  date: today,
  method: '',
  disclosures: [],
});

/** The payload, or null when consent was not asked (nothing is recorded). Only accepted consent keeps disclosures. */
export function toConsentPayload(values: ConsentValues): ConsentPayload | null {
  if (values.status === 'not_asked') return null;
  return {
    status: values.status,
    date: values.date,
    method: values.method || null,
    disclosures: values.status === 'accepted' ? CONSENT_DISCLOSURES.filter((d) => values.disclosures.includes(d)) : [],
  };
}

/** The first rule the values break (the API's own messages), or null; a date after today is refused here too. */
export function validateConsent(values: ConsentValues, today: string): string | null {
  const payload = toConsentPayload(values);
  if (!payload) return null;
  const invalid = firstError(consentSchema, payload);
  if (invalid) return invalid;
  return payload.date > today ? CCM_MESSAGES.consentDateInFuture : null;
}
