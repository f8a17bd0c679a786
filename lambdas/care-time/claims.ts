/**
 * The month's claim file (issue 26 item 4): one CSV line per code of each patient-month that bills
 * something, with what a biller keys into the claim (claim-rows.ts). Read whole, like the billing
 * report's CSV, and every patient in it recorded as disclosed before it leaves.
 */
import { monthBounds } from '../../shared/ccm/months';
import { monthIn } from '../../shared/time-preferences';
import type { Actor } from '../kernel/actor';
import { organizationForActor } from '../kernel/access';
import { audited } from '../kernel/audit';
import type { PatientRecord } from '../kernel/records/patient';
import { wholeMonthPatientRows, type CareTimeDeps } from './care-time';
import { claimCsv, lastServiceDate, type ClaimMonth } from './claim-rows';
import type { CarePlanVersion, CarePlanVersions, PractitionerDirectory, TimeEntryRecord } from './ports';

export interface ClaimDeps extends CareTimeDeps {
  profiles: PractitionerDirectory;
  documents: CarePlanVersions;
}

const PAGE = 100;

/** Every line of a patient's log for the month (entries and corrections), a few Queries at most. */
export async function monthEntries(deps: Pick<CareTimeDeps, 'timeLog'>, patientId: string, month: string) {
  const entries: TimeEntryRecord[] = [];
  let cursor: string | null = null;
  do {
    const page = await deps.timeLog.pageMonth(patientId, month, PAGE, cursor);
    if (page === 'invalid_cursor') break;
    entries.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return entries;
}

/**
 * The care plan version in force at the month's end (`end`, exclusive): the current one when it
 * was saved before then, else the newest saved version before then; null when there was none yet.
 */
export async function planInForce(
  documents: CarePlanVersions,
  patientId: string,
  end: string,
): Promise<CarePlanVersion | null> {
  const current = await documents.get('care_plan', patientId);
  if (!current) return null;
  if (current.updated_at < end) {
    return { version: current.version, content: current.content, plan: current.plan, saved_at: current.updated_at };
  }
  let cursor: string | null = null;
  do {
    const page = await documents.listRevisions('care_plan', patientId, PAGE, cursor);
    if (page === 'invalid_cursor') return null;
    const found = page.items.find((v) => v.saved_at < end);
    if (found) return found;
    cursor = page.cursor;
  } while (cursor);
  return null;
}

/** A billing patient-month with what its claim needs: the last day of service, the NPI, the diagnoses. */
async function claimOf(
  deps: ClaimDeps,
  patient: PatientRecord,
  month: string,
  end: string,
  codes: ClaimMonth['codes'],
  groupNpi: string | null,
): Promise<ClaimMonth> {
  const practitionerId = patient.billingPractitionerId ?? null;
  const [entries, practitioner, plan] = await Promise.all([
    monthEntries(deps, patient.id, month),
    practitionerId ? deps.profiles.get(practitionerId) : null,
    planInForce(deps.documents, patient.id, end),
  ]);
  // A practitioner who left the organization no longer bills for it.
  const ofPractice = practitioner && practitioner.provider_id === patient.provider_id ? practitioner : null;
  return {
    patient,
    month,
    codes,
    serviceDate: lastServiceDate(entries),
    practitioner: practitionerId ? { npi: ofPractice?.npi ?? null } : null,
    groupNpi,
    diagnoses: (plan?.plan?.conditions ?? []).map((c) => c.code),
  };
}

/**
 * The claim CSV of an organization's month: every row of the billing report's whole month
 * (`wholeMonthRows`), so a patient-month that bills without minutes (APCM) is claimed too, and the
 * claim bills what the report shows, priced by the same fee schedule.
 */
export async function claimsCsv(
  deps: ClaimDeps,
  actor: Actor,
  organizationId: string,
  month: string | undefined,
): Promise<{ month: string; csv: string }> {
  const subject = { type: 'organization', id: organizationId } as const;
  return audited(deps.audit, actor, 'billing_claims.export', subject, async (_about, disclose) => {
    const organization = await organizationForActor(deps, actor, organizationId);
    const chosen = month ?? monthIn(organization.timezone, deps.clock.now());
    const { end } = monthBounds(chosen, organization.timezone);
    const rows = await wholeMonthPatientRows(deps, organization, chosen);
    const billing = await Promise.all(
      rows
        .filter(({ row }) => row.codes.length > 0)
        .map(({ patient, row }) => claimOf(deps, patient, chosen, end, row.codes, organization.group_npi ?? null)),
    );
    // Every patient in the file, before it leaves (DECISIONS "Audit trail").
    disclose(billing.map((c) => c.patient.id));
    return { month: chosen, csv: claimCsv(billing) };
  });
}
