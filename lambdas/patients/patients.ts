import type { z } from 'zod/mini';
import type { OutreachCadence, Patient, PatientPage, ProviderRef } from '../../shared/domain';
import { isServedPhone } from '../../shared/phone';
import { DEFAULT_LANGUAGE } from '../../shared/enrollment/patient-fields';
import { isPcmCandidate } from '../../shared/enrollment/funnel';
import { todayIn } from '../../shared/time-preferences';
import type { createPatientSchema, patientFormSchema } from '../../shared/validation';
import type { Actor } from '../kernel/actor';
import { logger } from '../kernel/observability';
import { isRecordId, organizationForActor, patientForActor, type OrganizationLookup } from '../kernel/access';
import { audited, auditedChange } from '../kernel/audit';
import { derivedId, newCallLog } from '../kernel/records/call-log';
import { invalidCursor, type PageRequest } from '../kernel/cursor';
import { fail } from '../kernel/error-catalogue';
import { toPatient } from '../kernel/mappers';
import { planConsent } from '../kernel/consent-change';
import { displayNameOf, type ProfileName } from '../kernel/records/user-profile';
import { checkBillingPractitioner, planOutreach, spreadFirstCheckIn } from './patient-rules';
import { archivePatientPlan, createPatientPlan, updatePatientPlan } from './patient-plans';
import type { AuditLog } from '../kernel/audit-entry';
import type { CallLogRecord } from '../kernel/records/call-log';
import type { Clock, EventPublisher, Ids } from '../kernel/ports';
import type { WriteCommitter } from '../kernel/write-plan';
import type { CheckInCalendar, CheckInScheduler, PatientRepository, PractitionerProfiles } from './ports';
import type { PatientRecord } from '../kernel/records/patient';
import type { OrganizationRef } from '../kernel/records/organization';
import { searchPrefix } from '../kernel/search';

export interface PatientDeps {
  patients: PatientRepository;
  organizations: OrganizationLookup;
  /** Who may be a patient's billing practitioner. */
  profiles: PractitionerProfiles;
  audit: AuditLog;
  clock: Clock;
  ids: Ids;
  committer: WriteCommitter;
  /** The served countries' calling codes (PHONE_CALLING_CODES); absent: the NANP only. */
  callingCodes?: readonly string[];
}

/** Creating a patient schedules its first monthly check-in (spread over its window); archiving one tells the bus. */
export interface PatientWriteDeps extends PatientDeps {
  scheduler: CheckInScheduler;
  checkIns: CheckInCalendar;
  events: EventPublisher;
}

export type CreatePatientInput = z.output<typeof createPatientSchema>;
export type PatientInput = z.output<typeof patientFormSchema>;

export const PATIENTS_PAGE_SIZE = 25;

/** A date of birth after the organization's today (the schema checked its shape) is bad input. */
function checkDateOfBirth(date: string | null | undefined, organization: Pick<OrganizationRef, 'timezone'>, now: Date) {
  if (date && date > todayIn(organization.timezone, now)) throw fail('dateOfBirthInFuture');
}

/** The schema has read the number in E.164; a country the deployment does not serve is refused as bad input. */
function checkPhone(deps: PatientDeps, phone: string | null): void {
  if (phone !== null && !isServedPhone(phone, deps.callingCodes)) throw fail('phoneInvalid');
}

/**
 * A page of an organization's active patients: newest first, or with a search, those with a first
 * name, last name or e-mail starting with it, in name order (one Query on the search index).
 */
export async function listPatients(
  deps: PatientDeps,
  actor: Actor,
  organizationId: string,
  search: string | undefined,
  page: PageRequest,
): Promise<PatientPage> {
  const subject = { type: 'organization', id: organizationId } as const;
  return audited(deps.audit, actor, 'patient.list', subject, async (_about, disclose) => {
    const prefix = searchPrefix(search);
    // The organization check and the read go out together: the answer waits for both.
    const [, found] = await Promise.all([
      organizationForActor(deps, actor, organizationId),
      isRecordId(organizationId)
        ? prefix
          ? deps.patients.search(organizationId, prefix, page.limit, page.cursor)
          : deps.patients.pageByOrganization(organizationId, page.limit, page.cursor)
        : null,
    ]);
    if (found === 'invalid_cursor') throw invalidCursor();
    const items = (found?.items ?? []).map(toPatient);
    disclose(items.map((p) => p.id));
    return { items, next_cursor: found?.cursor ?? null };
  });
}

/**
 * A new patient of the actor's organization. `ownProfile` (the actor's profile as the standing check
 * read it) names who recorded a first consent given in the wizard, on the consent record itself.
 */
export async function createPatient(
  deps: PatientWriteDeps,
  actor: Actor,
  ownProfile: ProfileName | null,
  input: CreatePatientInput,
): Promise<{ patient: Patient; outreach: OutreachCadence | null }> {
  const patientId = deps.ids.newId();
  const subject = { type: 'organization' as const, id: input.provider_id };
  return auditedChange(
    deps,
    actor,
    'patient.create',
    subject,
    async (eventOf) => {
      checkPhone(deps, input.phone_number);
      const [organization] = await Promise.all([
        organizationForActor(deps, actor, input.provider_id),
        checkBillingPractitioner(deps, input.provider_id, input.billing_practitioner_id),
      ]);
      const now = deps.clock.now();
      checkDateOfBirth(input.date_of_birth, organization, now);
      const at = now.toISOString();
      const owner = { id: patientId, provider_id: organization.id };
      // Consent asked in the wizard is the patient's first consent change, in the same transaction.
      const consent = input.consent
        ? planConsent(
            input.consent,
            { ...owner, preferred_language: input.preferred_language },
            organization,
            { userId: actor.userId, name: displayNameOf(ownProfile) },
            now,
            deps.ids.newId(),
          )
        : null;
      const record: PatientRecord = {
        ...owner,
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        phone_number: input.phone_number,
        created_at: at,
        updated_at: at,
        version: 1,
        status: 'active',
        billingPractitionerId: input.billing_practitioner_id ?? null,
        mrn: input.mrn ?? null,
        date_of_birth: input.date_of_birth ?? null,
        mbi: input.mbi ?? null,
        preferred_language: input.preferred_language ?? DEFAULT_LANGUAGE,
        ...(consent ? { consent: { status: consent.status, date: consent.date } } : {}),
      };
      const planned = input.outreach ? planOutreach(input.outreach, record, organization, actor.userId, now) : null;
      // The check-in's day and the patient counter are read together.
      const [outreach, counted] = await Promise.all([
        planned ? spreadFirstCheckIn(deps, planned, organization) : null,
        deps.patients.countedPatients(organization.id),
      ]);
      const checkIn = outreach ? firstCheckIn(outreach, record, at) : null;
      const enrolment = { patient: record, createdBy: actor.userId, cadence: outreach, firstCheckIn: checkIn, consent };
      const plan = createPatientPlan(enrolment, counted, eventOf());
      // Else the MRN is another patient's, or the organization was archived since it was read.
      const outcome = await deps.committer.commit(plan);
      if (outcome === 'mrn_taken') throw fail('mrnTaken');
      if (outcome !== 'committed') throw fail('providerNotFound');
      if (checkIn) {
        // product-rules.md "Screens": a scheduling failure after the patient exists is only logged; the reconciler
        // places a pending call whose schedule never fired.
        await deps.scheduler.schedule(checkIn.id, new Date(checkIn.scheduled_at ?? at)).catch((error: unknown) => {
          logger.warn('first check-in not scheduled', { patientId, errorName: (error as Error).name });
        });
      }
      return { patient: toPatient(record), outreach };
    },
    patientId,
  );
}

export async function getPatient(
  deps: PatientDeps,
  actor: Actor,
  patientId: string,
): Promise<{ patient: Patient; provider: ProviderRef; outreach: OutreachCadence | null }> {
  return audited(deps.audit, actor, 'patient.read', { type: 'patient', id: patientId }, async () => {
    // Read with the access check (one request with it): nothing leaves unless the check passes.
    const [{ patient, organization }, outreach] = await Promise.all([
      patientForActor(deps, actor, patientId),
      deps.patients.getCadence(patientId),
    ]);
    return {
      patient: toPatient(patient),
      provider: { id: organization.id, name: organization.name, timezone: organization.timezone },
      outreach,
    };
  });
}

export async function updatePatient(
  deps: PatientDeps,
  actor: Actor,
  patientId: string,
  input: PatientInput,
): Promise<{ patient: Patient }> {
  return auditedChange(deps, actor, 'patient.update', { type: 'patient', id: patientId }, async (eventOf) => {
    checkPhone(deps, input.phone_number);
    const { patient, organization } = await patientForActor(deps, actor, patientId);
    if (input.version !== undefined && input.version !== patient.version) {
      throw fail('patientStale');
    }
    const now = deps.clock.now();
    checkDateOfBirth(input.date_of_birth, organization, now);
    // Read beside the practitioner check: only a candidate has an item whose copy the edit moves.
    const [, pcmListed] = await Promise.all([
      checkBillingPractitioner(deps, patient.provider_id, input.billing_practitioner_id),
      isPcmCandidate(patient.conditionCount ?? 0) ? deps.patients.pcmListed(patient) : false,
    ]);
    const { plan, stored } = updatePatientPlan(
      patient,
      {
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        phone_number: input.phone_number,
        ...(input.billing_practitioner_id !== undefined
          ? { billingPractitionerId: input.billing_practitioner_id }
          : {}),
        ...(input.mrn !== undefined ? { mrn: input.mrn } : {}),
        ...(input.date_of_birth !== undefined ? { date_of_birth: input.date_of_birth } : {}),
        ...(input.mbi !== undefined ? { mbi: input.mbi } : {}),
        ...(input.preferred_language ? { preferred_language: input.preferred_language } : {}),
      },
      now.toISOString(),
      eventOf(),
      pcmListed,
    );
    const outcome = await deps.committer.commit(plan);
    if (outcome === 'mrn_taken') throw fail('mrnTaken');
    if (outcome !== 'committed') throw fail('patientStale');
    return { patient: toPatient(stored) };
  });
}

/**
 * Deleting a patient archives it: it leaves every list and count; nothing clinical is erased.
 * `patient.archived` on the bus cancels its scheduled calls and outreach (a scheduled call that
 * fires for an archived patient cancels itself too, should the event be late).
 */
export async function archivePatient(
  deps: PatientWriteDeps,
  actor: Actor,
  patientId: string,
): Promise<{ archived: true }> {
  return auditedChange(deps, actor, 'patient.archive', { type: 'patient', id: patientId }, async (eventOf) => {
    // The archive holds only for the patient as read: a consent recorded meanwhile refuses it, so it
    // is read again once; still refused, the patient is gone.
    let patient: PatientRecord | null = null;
    for (let attempt = 0; attempt < 2 && !patient; attempt++) {
      const read = (await patientForActor(deps, actor, patientId)).patient;
      const counted = await deps.patients.countedPatients(read.provider_id);
      const plan = archivePatientPlan(read, deps.clock.now().toISOString(), counted, eventOf());
      if ((await deps.committer.commit(plan)) === 'committed') patient = read;
    }
    if (!patient) throw fail('patientNotFound');
    await deps.events.publish([
      { type: 'patient.archived', detail: { patientId: patient.id, organizationId: patient.provider_id } },
    ]);
    return { archived: true as const };
  });
}

/** The first monthly check-in of a new cadence: a pending call at the cadence's time. */
function firstCheckIn(outreach: OutreachCadence, patient: PatientRecord, at: string): CallLogRecord {
  return newCallLog(
    {
      id: derivedId(`${patient.id}:first-check-in`),
      patient_id: patient.id,
      provider_id: patient.provider_id,
      status: 'scheduled',
      kind: 'monthly',
      created_by: outreach.created_by,
      scheduled_at: outreach.scheduled_at,
      time_preference: outreach.time_preference,
      cycle_date: outreach.first_outreach_date,
    },
    at,
  );
}
