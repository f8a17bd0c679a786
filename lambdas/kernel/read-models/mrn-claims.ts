/**
 * An organization's medical record numbers as plan writes (kernel/write-plan.ts; DECISIONS
 * "Enrollment"): one claim item per MRN, created only when none exists, in the transaction that
 * gives a patient the MRN, whether the patient form or a panel import writes it.
 */
import type { ItemWrite } from '../write-plan';

export interface MrnClaim {
  readonly organizationId: string;
  readonly mrn: string;
  readonly patientId: string;
  readonly at: string;
  /** The import that brought the patient in; absent when staff typed it. */
  readonly importId?: string;
}

/** The key of an organization's MRN. */
export const mrnKey = (organizationId: string, mrn: string) => ({ provider_id: organizationId, mrn });

/** Claims the MRN for the patient; `mrn_taken` when another patient of the organization holds it. */
export function mrnClaimWrite(claim: MrnClaim): ItemWrite<'mrn_taken'> {
  return {
    op: 'create',
    entity: 'patientMrn',
    item: {
      ...mrnKey(claim.organizationId, claim.mrn),
      patient_id: claim.patientId,
      created_at: claim.at,
      ...(claim.importId ? { import_id: claim.importId } : {}),
    },
    refusal: 'mrn_taken',
  };
}

/** Gives up the patient's claim on an MRN it no longer has (only while it is still theirs). */
export function mrnReleaseWrite(organizationId: string, mrn: string, patientId: string): ItemWrite {
  return {
    op: 'delete',
    entity: 'patientMrn',
    key: mrnKey(organizationId, mrn),
    when: { equal: { patient_id: patientId } },
  };
}
