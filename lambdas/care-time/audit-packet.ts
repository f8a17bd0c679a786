/**
 * One patient-month's audit packet (issue 26 item 5; shared/audit-packet.ts): read once, audited
 * as a read of the patient, for the printable page. Get and Query only.
 */
import type { AuditPacket } from '../../shared/audit-packet';
import { monthBounds } from '../../shared/ccm/months';
import { DEFAULT_RATES } from '../../shared/ccm/rates';
import { monthIn } from '../../shared/time-preferences';
import type { Actor } from '../kernel/actor';
import { patientForActor } from '../kernel/access';
import { audited } from '../kernel/audit';
import type { ConsentRecord } from '../kernel/records/consent';
import { consentCovers, toTimeEntry } from './care-time';
import { billedCodes, claimNpis, lastDayOf } from './claim-rows';
import { monthEntries, planInForce, type ClaimDeps } from './claims';
import type { AiCallRecord } from './ports';
import { deliveredElements, type ApcmLog } from '../../shared/apcm';
import { qmbInMonth } from '../../shared/ccm/qmb';
import type { ProgramCodes } from '../../shared/ccm/programs';
import { readApcmLog, type ApcmLogReadDeps } from './apcm-log';

export interface AuditPacketDeps extends ClaimDeps, ApcmLogReadDeps {}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * An APCM code's line in the rule trail names what the code stands on (ccm/README.md "Since 2025"):
 * the conditions, QMB for G0558, consent, and how many service elements the month's log holds.
 */
export function apcmRuleTrail(
  billed: ProgramCodes,
  facts: { conditions: number; qmb: boolean },
  log: Pick<ApcmLog, 'elements'>,
): ProgramCodes['codes'] {
  if (billed.program !== 'apcm') return billed.codes;
  const logged = deliveredElements(log).length;
  return billed.codes.map((c) => ({
    ...c,
    reason: [
      'APCM',
      plural(facts.conditions, 'chronic condition'),
      ...(c.code === 'G0558' && facts.qmb ? ['a Qualified Medicare Beneficiary'] : []),
      'consent accepted',
      `${logged} of ${log.elements.length} service elements logged this month`,
    ].join(', '),
  }));
}

const PAGE = 100;

const fullName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();

/** The consent change in force at the month's end: the latest recorded for a day on or before its last day. */
async function consentInForce(
  deps: AuditPacketDeps,
  patientId: string,
  lastDay: string,
): Promise<ConsentRecord | null> {
  let found: ConsentRecord | null = null;
  let cursor: string | null = null;
  do {
    const page = await deps.patients.pageConsents(patientId, PAGE, cursor);
    if (page === 'invalid_cursor') break;
    for (const change of page.items) {
      if (change.date <= lastDay && (!found || change.date > found.date)) found = change;
    }
    cursor = page.cursor;
  } while (cursor);
  return found;
}

/** The calls that reached the patient in the month (newest first until the month's start). */
async function aiContacts(deps: AuditPacketDeps, patientId: string, start: string, end: string) {
  const calls: AiCallRecord[] = [];
  let cursor: string | null = null;
  do {
    const page = await deps.callLogs.pageHistory(patientId, PAGE, cursor);
    if (page === 'invalid_cursor') break;
    calls.push(...page.items);
    // Newest first: a page ending before the month holds the month's last calls.
    if (page.items.some((c) => c.created_at < start)) break;
    cursor = page.cursor;
  } while (cursor);
  return calls
    .filter((c): c is AiCallRecord & { started_at: string } => c.started_at !== null)
    .filter((c) => c.started_at >= start && c.started_at < end)
    .sort((a, b) => a.started_at.localeCompare(b.started_at))
    .map((c) => ({
      call_id: c.id,
      started_at: c.started_at,
      duration_seconds: c.duration_seconds,
      outcome: c.outcome,
    }));
}

export async function auditPacket(
  deps: AuditPacketDeps,
  actor: Actor,
  patientId: string,
  month: string | undefined,
): Promise<AuditPacket> {
  return audited(deps.audit, actor, 'audit_packet.read', { type: 'patient', id: patientId }, async () => {
    const { patient, organization } = await patientForActor(deps, actor, patientId);
    const chosen = month ?? monthIn(organization.timezone, deps.clock.now());
    const { start, end } = monthBounds(chosen, organization.timezone);
    const practitionerId = patient.billingPractitionerId ?? null;
    const monthRow = deps.timeLog.getMonth(patient.provider_id, chosen, patient.id);
    const [row, entries, plan, consent, calls, practitioner, covered, apcmLog] = await Promise.all([
      monthRow,
      monthEntries(deps, patient.id, chosen),
      planInForce(deps.documents, patient.id, end),
      consentInForce(deps, patient.id, lastDayOf(chosen)),
      aiContacts(deps, patient.id, start, end),
      practitionerId ? deps.profiles.get(practitionerId) : null,
      consentCovers(deps, patient, chosen),
      readApcmLog(deps, patient, organization.timezone, chosen, deps.apcmLogs.get(patient.id, chosen), monthRow),
    ]);
    const recorder = consent ? await deps.profiles.get(consent.recordedBy) : null;
    const billed = billedCodes(patient, row, covered, chosen, organization.fee_schedule ?? DEFAULT_RATES);
    // A practitioner who left the organization no longer bills for it.
    const billingPractitioner =
      practitioner && practitioner.provider_id === patient.provider_id
        ? { id: practitioner.id, name: fullName(practitioner), npi: practitioner.npi ?? null }
        : null;
    const groupNpi = organization.group_npi ?? null;
    return {
      month: chosen,
      organization: { id: organization.id, name: organization.name, group_npi: groupNpi },
      patient: {
        id: patient.id,
        first_name: patient.first_name,
        last_name: patient.last_name,
        date_of_birth: patient.date_of_birth ?? null,
        mbi: patient.mbi ?? null,
        mrn: patient.mrn ?? null,
      },
      billing_practitioner: billingPractitioner,
      claim_npis: claimNpis(groupNpi, billingPractitioner?.npi ?? null),
      consent: consent
        ? {
            status: consent.status,
            date: consent.date,
            method: consent.method,
            disclosures: consent.disclosures,
            script_language: consent.scriptLanguage,
            recorded_by_name: recorder ? fullName(recorder) : null,
            recorded_at: consent.recordedAt,
          }
        : null,
      care_plan: plan
        ? { version: plan.version, saved_at: plan.saved_at, note: plan.content, plan: plan.plan ?? null }
        : null,
      totals: {
        staff_minutes: row?.staff_minutes ?? 0,
        practitioner_minutes: row?.practitioner_minutes ?? 0,
        non_clinical_minutes: row?.non_clinical_minutes ?? 0,
        ai_contacts: row?.ai_contacts ?? 0,
        ai_minutes: row?.ai_minutes ?? 0,
      },
      time_entries: entries.map(toTimeEntry).sort((a, b) => a.created_at.localeCompare(b.created_at)),
      ai_contacts: calls,
      program: billed.program,
      apcm_elements: deliveredElements(apcmLog).map((e) => ({
        element: e.element,
        evidence: e.evidence,
        marks: e.marks,
      })),
      codes: apcmRuleTrail(
        billed,
        { conditions: patient.conditionCount ?? 0, qmb: qmbInMonth(patient.qmbChecks ?? [], chosen) },
        apcmLog,
      ).map((c) => ({ code: c.code, minutes: c.minutes, reason: c.reason })),
      reason: billed.reason,
      billed: row?.billed ? { at: row.billed.at, by_name: row.billed.by_name } : null,
    };
  });
}
