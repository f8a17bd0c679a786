/**
 * CCM consent (product-rules.md "Care management (CCM)"; ccm/README.md "Conditions for any code"):
 * what staff record, shared by the forms and the API.
 */

export const CONSENT_STATUSES = ['not_asked', 'accepted', 'declined', 'withdrawn'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

/** What staff may record: "not asked" is where every patient starts, never a change. */
export const RECORDED_CONSENT_STATUSES = ['accepted', 'declined', 'withdrawn'] as const;
export type RecordedConsentStatus = (typeof RECORDED_CONSENT_STATUSES)[number];

export const CONSENT_METHODS = ['verbal', 'written'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

/** The four things the patient must have been told before an accepted consent counts. */
export const CONSENT_DISCLOSURES = ['service', 'cost_sharing', 'right_to_stop', 'one_practitioner'] as const;
export type ConsentDisclosure = (typeof CONSENT_DISCLOSURES)[number];

export const CONSENT_STATUS_LABELS: Record<ConsentStatus, string> = {
  not_asked: 'Not asked yet',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

/** The patient list's and page's badge: a patient without accepted consent waits for it. */
export const CONSENT_BADGES: Record<ConsentStatus, { label: string; color: string }> = {
  not_asked: { label: 'Awaiting consent', color: 'yellow' },
  accepted: { label: 'Consent accepted', color: 'green' },
  declined: { label: 'Consent declined', color: 'gray' },
  withdrawn: { label: 'Consent withdrawn', color: 'gray' },
};

export const CONSENT_METHOD_LABELS: Record<ConsentMethod, string> = {
  verbal: 'Verbal',
  written: 'Written',
};

export const CONSENT_DISCLOSURE_LABELS: Record<ConsentDisclosure, string> = {
  service: 'What chronic care management is and what the service includes',
  cost_sharing: 'That cost sharing (co-insurance or deductible) may apply',
  right_to_stop: 'That they may stop at any time, effective at the end of the month',
  one_practitioner: 'That only one practitioner can bill care management for them in a month',
};

/** A consent change as the month rule needs it: the status recorded and its day (YYYY-MM-DD). */
export interface ConsentChange {
  status: ConsentStatus;
  date: string | null;
}

/**
 * Whether the patient's consent covers a calendar month (YYYY-MM, the organization's time zone):
 * accepted on or before the month's last day, and not ended before its first day. A withdrawal
 * takes effect at the end of the month it is made in, so that month stays covered; so does a month
 * in which consent was accepted, whatever came after.
 */
export function consentCoversMonth(history: readonly ConsentChange[], month: string): boolean {
  const dated = history.filter((c): c is ConsentChange & { date: string } => c.date !== null);
  if (dated.some((c) => c.status === 'accepted' && c.date.slice(0, 7) === month)) return true;
  // The state at the month's start: the last change made before it (records are kept in order).
  const before = dated.filter((c) => c.date.slice(0, 7) < month);
  const atStart = before.reduce<ConsentChange | null>((last, c) => (last && last.date! > c.date ? last : c), null);
  return atStart?.status === 'accepted';
}

/**
 * What the latest change alone says about a month: 'covered' or 'not covered', or 'history' when
 * an earlier period may cover it (the latest change came after the month began and is not an
 * acceptance in or before it), so the whole history has to be read.
 */
export function consentCoverageFromLatest(latest: ConsentChange, month: string): 'covered' | 'not covered' | 'history' {
  if (latest.date === null) return 'not covered';
  const changed = latest.date.slice(0, 7);
  if (latest.status === 'accepted') return changed <= month ? 'covered' : 'history';
  return changed < month ? 'not covered' : 'history';
}

/**
 * What staff read aloud before asking for consent, one sentence per disclosure, in the patient's
 * language (DECISIONS "Languages": reviewed strings, one catalogue per language). The English
 * sentences are also what a Spanish script means, shown beside it for the staff member reading it.
 */
export const CONSENT_SCRIPT: Record<'en' | 'es', Record<ConsentDisclosure, string>> = {
  en: {
    service:
      'Chronic care management means your care team checks in with you between visits, by phone each month, to help with your conditions, your medications and your care plan.',
    cost_sharing: 'Medicare may charge you cost sharing for this service, such as co-insurance or your deductible.',
    right_to_stop: 'You can stop at any time; stopping takes effect at the end of that month.',
    one_practitioner: 'Only one practitioner can bill Medicare for your care management in a month.',
  },
  es: {
    service:
      'El manejo de la atención crónica significa que su equipo de atención se comunica con usted entre consultas, por teléfono cada mes, para ayudarle con sus enfermedades, sus medicamentos y su plan de atención.',
    cost_sharing:
      'Es posible que Medicare le cobre una parte del costo de este servicio, como el coseguro o su deducible.',
    right_to_stop: 'Puede dejar el servicio en cualquier momento; la baja se hace efectiva al final de ese mes.',
    one_practitioner: 'Solo un profesional de salud puede facturar a Medicare su manejo de la atención en un mes.',
  },
};
