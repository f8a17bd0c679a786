/**
 * A patient's care-management program and QMB status (DECISIONS "Care-management programs"): the
 * program is chosen for next month (this month is billed under the program in force when it
 * began), kept as a history on the patient so any past month's program is known; PCM names the
 * care plan's condition it manages. Provider staff of the organization change them, audited.
 */
import { programInForce, type ProgramChange } from '../../shared/ccm/patient-month';
import { shiftMonth } from '../../shared/ccm/months';
import { qmbCheckOn } from '../../shared/ccm/qmb';
import { normaliseIcd10Cm } from '../../shared/ccm/chronic-conditions';
import type { CareProgram, CareProgramAnswer, CareProgramRequest } from '../../shared/care-program';
import { monthIn, todayIn } from '../../shared/time-preferences';
import type { Actor } from '../kernel/actor';
import { patientForActor, type OrganizationLookup, type PatientLookup } from '../kernel/access';
import { audited, auditedChange } from '../kernel/audit';
import { auditEventWrite } from '../kernel/audit-event-item';
import type { AuditLog } from '../kernel/audit-entry';
import { fail } from '../kernel/error-catalogue';
import type { Clock, Ids } from '../kernel/ports';
import type { PatientRecord, StoredProgramChange, StoredQmbCheck } from '../kernel/records/patient';
import type { UserProfileRecord } from '../kernel/records/user-profile';
import type { WriteCommitter, WritePlan } from '../kernel/write-plan';
import type { ClinicalDocumentRepository } from './ports';

export interface CareProgramDeps {
  patients: PatientLookup;
  organizations: OrganizationLookup;
  documents: Pick<ClinicalDocumentRepository, 'get'>;
  committer: WriteCommitter;
  audit: AuditLog;
  clock: Clock;
  ids: Ids;
}

/** The patient's program this month, the change starting next month (if any), the history newest first, and QMB. */
export function careProgramOf(patient: PatientRecord, month: string): CareProgram {
  const history = patient.carePrograms ?? [];
  const now = programInForce(history, month);
  const next = history.find((c) => c.from > month) ?? null;
  return {
    month,
    program: now.program,
    pcm_condition: now.program === 'pcm' ? now.pcm_condition : null,
    next: next ? toEntry(next) : null,
    history: [...history].reverse().map(toEntry),
    qmb: patient.qmb ?? null,
    qmb_history: [...(patient.qmbChecks ?? [])].reverse().map((c) => ({
      status: c.status,
      checked_on: c.checked_on,
      set_at: c.set_at,
      set_by_name: c.set_by_name,
    })),
  };
}

const toEntry = (c: StoredProgramChange) => ({
  program: c.program,
  from: c.from,
  pcm_condition: c.pcm_condition,
  set_at: c.set_at,
  set_by_name: c.set_by_name,
});

export async function getCareProgram(
  deps: CareProgramDeps,
  actor: Actor,
  patientId: string,
): Promise<CareProgramAnswer> {
  return audited(deps.audit, actor, 'care_program.read', { type: 'patient', id: patientId }, async () => {
    const { patient, organization } = await patientForActor(deps, actor, patientId);
    return { care_program: careProgramOf(patient, monthIn(organization.timezone, deps.clock.now())) };
  });
}

/**
 * The history after choosing `change` for next month: a change already chosen for next month is
 * replaced (staff changed their mind within the month); choosing what next month would have
 * anyway adds nothing.
 */
export function nextHistory(
  history: readonly StoredProgramChange[],
  change: StoredProgramChange,
): StoredProgramChange[] {
  const kept = history.filter((c) => c.from < change.from);
  const inForce = programInForce(kept, change.from);
  const same = inForce.program === change.program && inForce.pcm_condition === change.pcm_condition;
  return same ? kept : [...kept, change];
}

interface CareProgramSet {
  care_programs?: StoredProgramChange[];
  qmb?: { status: boolean; checked_on: string };
  qmb_checks?: StoredQmbCheck[];
}

/**
 * The checks after recording `check`: appended, never replacing one (a correction is a later
 * check). The current status is the latest by day, so a back-dated check does not override a newer one.
 */
export function nextQmbChecks(
  checks: readonly StoredQmbCheck[],
  check: StoredQmbCheck,
): { qmb_checks: StoredQmbCheck[]; qmb: { status: boolean; checked_on: string } } {
  const qmb_checks = [...checks, check];
  const latest = qmbCheckOn(qmb_checks, '9999-12-31') ?? check;
  return { qmb_checks, qmb: { status: latest.status, checked_on: latest.checked_on } };
}

/** The patient's programs and/or QMB status, written while nobody else changed them since they were read. */
function careProgramPlan(patient: PatientRecord, set: CareProgramSet): WritePlan {
  const version = patient.careProgramVersion ?? 0;
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'patient',
        key: { patient_id: patient.id },
        set: {
          ...set,
          // The table keeps no nulls: a change without a PCM condition has none, a check recorded
          // before checks were kept no author.
          ...(set.qmb_checks
            ? {
                qmb_checks: set.qmb_checks.map((c) =>
                  Object.fromEntries(Object.entries(c).filter(([, value]) => value !== null)),
                ),
              }
            : {}),
          ...(set.care_programs
            ? {
                care_programs: set.care_programs.map(({ pcm_condition, ...c }) =>
                  pcm_condition ? { ...c, pcm_condition } : c,
                ),
              }
            : {}),
          care_program_version: version + 1,
        },
        when: { equal: { status: 'active' }, missingOr: { equal: { care_program_version: version } } },
      },
    ],
    afterCommit: [],
  };
}

export async function setCareProgram(
  deps: CareProgramDeps,
  actor: Actor,
  profile: UserProfileRecord | null,
  patientId: string,
  input: CareProgramRequest,
): Promise<CareProgramAnswer> {
  return auditedChange(deps, actor, 'care_program.update', { type: 'patient', id: patientId }, async (eventOf) => {
    if (actor.role !== 'provider' || !profile) throw fail('programIsForStaff');
    const { patient, organization } = await patientForActor(deps, actor, patientId);
    const now = deps.clock.now();
    const month = monthIn(organization.timezone, now);
    const set: CareProgramSet = {};
    const setBy = { set_at: now.toISOString(), set_by: actor.userId, set_by_name: fullName(profile) };
    if (input.qmb) {
      if (input.qmb.checked_on > todayIn(organization.timezone, now)) throw fail('qmbDateInFuture');
      Object.assign(set, nextQmbChecks(patient.qmbChecks ?? [], { ...input.qmb, ...setBy }));
    }
    if (input.program) {
      const change: ProgramChange = {
        program: input.program,
        from: shiftMonth(month, 1),
        pcm_condition:
          input.program === 'pcm' ? await planCondition(deps, patient.id, input.pcm_condition ?? null) : null,
      };
      set.care_programs = nextHistory(patient.carePrograms ?? [], { ...change, ...setBy });
    }
    const version = patient.careProgramVersion ?? 0;
    const plan = careProgramPlan(patient, set);
    const event = eventOf({ versionBefore: version, versionAfter: version + 1 });
    const committed = await deps.committer.commit({
      ...plan,
      transaction: [...plan.transaction, auditEventWrite(event)],
    });
    if (committed !== 'committed') throw fail('careProgramChanged');
    const saved: PatientRecord = {
      ...patient,
      ...(set.qmb ? { qmb: set.qmb, qmbChecks: set.qmb_checks } : {}),
      ...(set.care_programs ? { carePrograms: set.care_programs } : {}),
    };
    return { care_program: careProgramOf(saved, month) };
  });
}

const fullName = (profile: UserProfileRecord) => `${profile.first_name} ${profile.last_name}`.trim();

/** PCM manages one of the care plan's conditions: the code as the plan has it. */
async function planCondition(deps: CareProgramDeps, patientId: string, code: string | null): Promise<string> {
  const plan = await deps.documents.get('care_plan', patientId);
  const wanted = code === null ? null : normaliseIcd10Cm(code);
  const found = plan?.plan?.conditions.find((c) => normaliseIcd10Cm(c.code) === wanted);
  if (!found) throw fail('pcmConditionNotOnPlan');
  return found.code;
}
