import type { TableDeps } from '../composition-root';
import { CONSENT_DISCLOSURES } from '../../shared/consent';
import { DEFAULT_TIMEZONE, type NotificationPreferences } from '../../shared/domain';
import type { Role } from '../../shared/roles';
import { addMonths, todayIn } from '../../shared/time-preferences';
import {
  carePlanSchema,
  createPatientSchema,
  createUserSchema,
  documentSchema,
  providerFormSchema,
  summaryStatusSchema,
} from '../../shared/validation';
import { DynamoAuditLog } from '../audit/store/dynamo-audit-log';
import { DynamoTimeLogRepository } from '../care-time/store/dynamo-time-log-repository';
import { DynamoUserDirectory } from '../users/store/dynamo-user-directory';
import { DynamoCheckInCalendar } from '../patients/store/dynamo-check-in-calendar';
import { auditedChange } from '../kernel/audit';
import type { ActorName } from '../kernel/audit-entry';
import { actorNameOf, NamedAuditLog, NamedCommitter } from '../kernel/actor-names';
import { placeScheduledCall, recordCallReport } from '../calls/call-lifecycle';
import { placeCall, scheduleCall } from '../calls/calls';
import { createCarePlan, createDocument } from '../care-plans/clinical-documents';
import { createPatient } from '../patients/patients';
import { createProvider } from '../organizations/organizations';
import type { CallScheduler, VoiceAgent } from '../calls/ports';
import type { Clock, DomainEvent, EventPublisher } from '../kernel/ports';
import type { IdentityDirectory, NewIdentity } from '../users/ports';
import type { UserProfileRecord } from '../kernel/records/user-profile';
import { setSummaryStatus } from '../summaries/summaries';
import { createUser, planAssignment } from '../users/users';
import { createProfilePlan } from '../users/user-plans';
import { actorFromClaims, type Actor } from '../kernel/actor';
import {
  DEMO_BILLING_PRACTITIONERS,
  DEMO_OPERATOR,
  DEMO_ORGANIZATIONS,
  DEMO_PASSWORD,
  demoCcm,
  demoPatients,
  type DemoCcm,
  type DemoPatient,
} from './demo-data';
import { SeedClock } from './seed-clock';
import { PAST_ENDINGS, demoReport } from './seed-calls';
import { seedCareTime, type SeedStaff } from './seed-care-time';
import type { ProfileName } from '../kernel/records/user-profile';

export type SeedDeps = TableDeps & { identity: IdentityDirectory; scheduler: CallScheduler };

/** A seeded escalation whose staff notifications the local stack sends once the demo is in place. */
export interface DemoEscalation {
  callLogId: string;
  patientId: string;
  organizationId: string;
  escalationLevel: 'Emergent' | 'Urgent';
}

/** Provider staff hear of new summaries by e-mail and of escalations by e-mail and text (the outbox shows both). */
const STAFF_NOTIFICATIONS: NotificationPreferences = { new_summaries: ['email'], escalations: ['email', 'sms'] };

/** The demo accounts sign in with DEMO_PASSWORD at once, without the 'Set a new password' step. */
class DemoIdentity implements IdentityDirectory {
  constructor(private readonly identity: IdentityDirectory) {}
  createUser(input: NewIdentity) {
    return this.identity.createUser({ ...input, permanentPassword: DEMO_PASSWORD });
  }
  updateUser(...args: Parameters<IdentityDirectory['updateUser']>) {
    return this.identity.updateUser(...args);
  }
  setRole(...args: Parameters<IdentityDirectory['setRole']>) {
    return this.identity.setRole(...args);
  }
  disableUser(userId: string) {
    return this.identity.disableUser(userId);
  }
  enableUser(userId: string) {
    return this.identity.enableUser(userId);
  }
  deleteUser(userId: string) {
    return this.identity.deleteUser(userId);
  }
  signOutEverywhere(userId: string) {
    return this.identity.signOutEverywhere(userId);
  }
}

/**
 * Vapi for the demo's past calls: they ended long ago, so placing one only names it, and its report
 * is the demo's (the voice simulator would ring now and choose its own ending).
 */
const PAST_CALLS: VoiceAgent = {
  placeCall: (request) => Promise.resolve({ vendorCallId: `demo-${request.callLogId}` }),
  getCall: () => Promise.resolve(null),
};

/** Past scheduled calls are placed by the seed at their time: no schedule is left to fire. */
const PLACED_BY_SEED: CallScheduler = { schedule: () => Promise.resolve(), cancel: () => Promise.resolve() };

/** A past call's `call.completed` event, with the (seed clock's) time it was published. */
type CompletedCall = Extract<DomainEvent, { type: 'call.completed' }>['detail'] & { at: string };

/**
 * The bus of the demo's past calls: their events are kept, not delivered (their notifications and
 * follow-ups belong to the past); the local stack notifies the latest escalations itself.
 */
class PastEvents implements EventPublisher {
  constructor(
    private readonly clock: Clock,
    private readonly completed: CompletedCall[],
  ) {}
  publish(events: readonly DomainEvent[]): Promise<void> {
    for (const event of events) {
      if (event.type === 'call.completed') this.completed.push({ ...event.detail, at: this.clock.now().toISOString() });
    }
    return Promise.resolve();
  }
}

/** The most recent answered Emergent and Urgent call of each organization. */
function latestEscalations(completed: readonly CompletedCall[]): DemoEscalation[] {
  const latest = new Map<string, DemoEscalation & { at: string }>();
  for (const { callLogId, patientId, organizationId, outcome, escalationLevel, at } of completed) {
    if (outcome !== 'answered' || (escalationLevel !== 'Emergent' && escalationLevel !== 'Urgent')) continue;
    const key = `${organizationId}#${escalationLevel}`;
    if ((latest.get(key)?.at ?? '') < at)
      latest.set(key, { callLogId, patientId, organizationId, escalationLevel, at });
  }
  return [...latest.values()].map(({ at: _at, ...e }) => e);
}

/** The seed's threads place past calls side by side, far fewer than these at once. */
const SEED_CALL_LINES = 1_000;

/**
 * The use cases' dependencies for one thread of the seed: the table's, with a seed clock of its own
 * (starting at `start`), the demo identity, and the past calls' voice and bus (`completed`). Audit
 * events name the demo's people as the staff API names its actors (kernel/actor-names.ts), from
 * `names` (each account's name as it is created), so the demo's histories read as real ones do.
 */
function seedDeps(deps: SeedDeps, start: Date, completed: CompletedCall[], names: Map<string, ActorName>) {
  const clock = new SeedClock(start);
  const nameOf = async (actorId: string) => names.get(actorId) ?? null;
  return {
    ...deps,
    clock,
    // Audit events are dated by the seed's clock, like the records they go with.
    audit: new NamedAuditLog(new DynamoAuditLog(deps.db, clock, deps.ids), nameOf),
    committer: new NamedCommitter(deps.committer, nameOf),
    identity: new DemoIdentity(deps.identity),
    users: new DynamoUserDirectory(deps.db),
    checkIns: new DynamoCheckInCalendar(deps.db),
    timeLog: new DynamoTimeLogRepository(deps.db),
    events: new PastEvents(clock, completed),
    voice: PAST_CALLS,
    // The demo's past calls are not Vapi's: nothing to count.
    signals: {
      unmatched: () => undefined,
      callCost: () => undefined,
      waitingForLine: () => undefined,
      lineWait: () => undefined,
    },
    defaultAssistantId: 'demo-assistant',
    // Past calls, each reported before the next: they never run together, so they never wait for a line.
    callLines: SEED_CALL_LINES,
    /** The same dependencies on a clock of their own, for work done side by side. */
    fork: () => seedDeps(deps, start, completed, names),
    /** The demo's people by user id, as their audit events name them: each is added once created. */
    actorNames: names,
  };
}
type App = ReturnType<typeof seedDeps>;

/** The actor a handler builds from the account's verified claims. */
function actorOf(userId: string, email: string, role: Role, organizationId: string | null): Actor {
  const actor = actorFromClaims({
    sub: userId,
    email,
    'cognito:groups': [role],
    ...(organizationId ? { 'custom:provider_id': organizationId } : {}),
  });
  if (!actor) throw new Error('A demo account has no actor');
  return actor;
}

/**
 * The first operator. createUser needs an operator to act, so nobody can create the first one
 * through it: it is made as the deployment steps make one (README), its profile with an audit
 * event naming the operator themself. It is the demo's settings admin (who may grant it to others).
 */
async function createOperator(app: App): Promise<Actor> {
  const at = app.clock.now().toISOString();
  const { email, firstName, lastName } = DEMO_OPERATOR;
  const role: Role = 'careloop_employee';
  const id = await app.identity.createUser({
    email,
    permanentPassword: DEMO_PASSWORD,
    firstName,
    lastName,
    role,
    providerId: null,
  });
  const actor = actorOf(id, email, role, null);
  app.actorNames.set(id, { name: `${firstName} ${lastName}`, email });
  const plan = planAssignment({ role }, null, at);
  const profile: UserProfileRecord = {
    id,
    email,
    first_name: firstName,
    last_name: lastName,
    phone_number: null,
    role,
    provider_id: plan.providerId,
    assigned_at: plan.assignedAt,
    notification_preferences: plan.notificationPreferences,
    can_manage_settings: true,
    created_at: at,
    status: 'active',
  };
  const change = { roleBefore: null, roleAfter: role, organizationBefore: null, organizationAfter: null };
  await auditedChange(app, actor, 'user.create', { type: 'user', id }, async (eventOf) => {
    if ((await app.committer.commit(createProfilePlan(profile, eventOf(change)))) !== 'committed') {
      throw new Error('The demo operator could not be created');
    }
  });
  return actor;
}

/**
 * Seeds the demo through the use cases the API runs, as the demo's operator and each practice's
 * staff, on the seed's own clock so that records keep their past dates: the organizations, their
 * staff, patients with consent, billing practitioner, care plans and EMR notes, a few months of
 * call history at every escalation level, monthly outreach with its first check-ins (real local
 * schedules), and CCM time. Only the first operator is written by hand (createOperator).
 */
export async function seedDemo(
  deps: SeedDeps,
  patientsPerOrganization = 30,
): Promise<{ patients: number; calls: number; escalations: DemoEscalation[] }> {
  const start = deps.clock.now();
  const completed: CompletedCall[] = [];
  const names = new Map<string, ActorName>();
  const app = seedDeps(deps, start, completed, names);
  app.clock.set(app.clock.daysAgo(200));
  const operator = await createOperator(app);
  // The organizations are independent: seeded side by side, each on a clock of its own.
  const seeded = await Promise.all(
    DEMO_ORGANIZATIONS.map((org, orgIndex) =>
      seedOrganization(app.fork(), operator, orgIndex, patientsPerOrganization),
    ),
  );
  return {
    patients: seeded.reduce((sum, s) => sum + s.patients, 0),
    calls: seeded.reduce((sum, s) => sum + s.calls, 0),
    escalations: latestEscalations(completed),
  };
}

/** A demo practice: created by the operator with its staff, then its patients and their CCM time. */
async function seedOrganization(
  app: App,
  operator: Actor,
  orgIndex: number,
  patientsPerOrganization: number,
): Promise<{ patients: number; calls: number }> {
  const { clock } = app;
  const org = DEMO_ORGANIZATIONS[orgIndex]!;
  // Each practice and its staff exist before its first patient (enrolled at most 152 days ago).
  clock.set(clock.daysAgo(180 - orgIndex * 20));
  const { provider } = await createProvider(
    app,
    operator,
    providerFormSchema.parse({
      name: org.name,
      address: org.address,
      telephone: org.telephone,
      office_email: org.officeEmail,
      timezone: org.timezone,
      sms_sender: org.smsSender,
    }),
  );
  const organization = { id: provider.id, name: org.name, timezone: provider.timezone ?? DEFAULT_TIMEZONE };
  const staff: SeedStaff[] = [];
  for (const [i, member] of org.staff.entries()) {
    clock.set(clock.daysAgo(170 - orgIndex * 20 - i));
    const careRole = DEMO_BILLING_PRACTITIONERS.includes(member.email) ? 'billing_practitioner' : 'clinical_staff';
    const { user } = await createUser(
      app,
      operator,
      createUserSchema.parse({
        email: member.email,
        first_name: member.firstName,
        last_name: member.lastName,
        phone_number: member.phone,
        role: 'provider',
        provider_id: organization.id,
        notification_preferences: STAFF_NOTIFICATIONS,
        care_role: careRole,
      }),
    );
    const profile = await app.profiles.get(user.id);
    if (!profile) throw new Error('A demo staff profile is missing');
    const name = actorNameOf(profile);
    if (name) app.actorNames.set(user.id, name);
    staff.push({ actor: actorOf(user.id, member.email, 'provider', organization.id), profile });
  }
  // The first of the staff (a nurse) enrols the patients and writes their records.
  const nurse = staff[0]!.actor;
  // What the standing check would have read of the nurse: the name her records are signed with.
  const nurseProfile = staff[0]!.profile;
  const practitionerId = staff.find((s) => s.profile.care_role === 'billing_practitioner')?.profile.id ?? null;
  const demo = demoPatients(orgIndex, patientsPerOrganization, org.telephone.slice(2, 5));
  // Patients are independent too: several at once, each on a clock of its own.
  const seeded = await inParallel(demo, PARALLEL_PATIENTS, (patient, index) =>
    seedPatient(app.fork(), nurse, {
      organization,
      patient,
      ccm: demoCcm(orgIndex, index),
      index,
      seq: orgIndex * 1000 + index * 10,
      practitionerId,
      nurseProfile,
    }),
  );
  await seedCareTime(app, {
    organizationId: organization.id,
    timezone: organization.timezone,
    staff,
    patients: seeded.filter((_, index) => isCcmEligible(demoCcm(orgIndex, index))),
  });
  return { patients: seeded.length, calls: seeded.reduce((sum, s) => sum + s.calls, 0) };
}

/** How many demo patients are seeded at once. */
const PARALLEL_PATIENTS = 6;

/** `work` on every item, at most `limit` at a time; the results in the items' order. */
async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await work(items[index]!, index);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * A demo patient: enrolled by the nurse, then, for the first dozen patients, one check-in a month
 * since enrolment (at most four).
 */
async function seedPatient(
  app: App,
  nurse: Actor,
  demo: {
    organization: { id: string; name: string; timezone: string };
    patient: DemoPatient;
    ccm: DemoCcm;
    index: number;
    seq: number;
    practitionerId: string | null;
    nurseProfile: ProfileName;
  },
): Promise<{ id: string; createdAt: string; calls: number }> {
  const { clock } = app;
  const { patient: p, index } = demo;
  const createdAt = clock.set(clock.daysAgo(p.enrolledDaysAgo)).toISOString();
  const id = await enrol(app, nurse, demo);
  let calls = 0;
  if (index < 12) {
    const months = Math.min(4, Math.floor(p.enrolledDaysAgo / 30) + 1);
    for (let m = months; m >= 1; m--) {
      const daysAgo = Math.min(p.enrolledDaysAgo - 1, m * 30 - 28 + (index % 5));
      if (daysAgo < 1) continue;
      await pastCall(app, nurse, {
        patient: p,
        conditions: demo.ccm.conditions,
        patientId: id,
        organization: demo.organization.name,
        placedAt: new Date(clock.daysAgo(daysAgo).getTime() + (index % 6) * 3600 * 1000),
        ending: PAST_ENDINGS[(index + m) % PAST_ENDINGS.length]!,
        // Every other month the call was scheduled ahead; the others were placed at once.
        scheduled: m % 2 === 0,
        seq: demo.seq + m,
        // Older successful check-ins were reviewed and added to the EMR: every summary tab has some.
        addToEmr: m >= 3,
      });
      calls++;
    }
  }
  return { id, createdAt, calls };
}

/** Consent accepted and at least two chronic conditions: the patients whose time can meet the CCM codes. */
const isCcmEligible = (ccm: DemoCcm) => ccm.consent === 'accepted' && ccm.conditions.length >= 2;

/**
 * Enrols a demo patient as the nurse does it at the clock's time: the wizard with consent (or not
 * asked), the billing practitioner and, for every third patient, monthly outreach whose first
 * check-in falls in the coming weeks; then the structured care plan and the EMR notes.
 */
async function enrol(
  app: App,
  nurse: Actor,
  demo: {
    organization: { id: string; timezone: string };
    patient: DemoPatient;
    ccm: DemoCcm;
    index: number;
    practitionerId: string | null;
    nurseProfile: ProfileName;
  },
): Promise<string> {
  const { organization, patient: p, ccm, index, nurseProfile } = demo;
  // The first check-in is a day of this month (10th to 27th) still ahead, else that day next month.
  const today = todayIn(organization.timezone, app.clock.daysAgo(0));
  const thisMonth = `${today.slice(0, 8)}${String(10 + (index % 18))}`;
  const accepted = ccm.consent === 'accepted';
  const { patient } = await createPatient(
    app,
    nurse,
    nurseProfile,
    createPatientSchema.parse({
      provider_id: organization.id,
      first_name: p.firstName,
      last_name: p.lastName,
      email: p.email,
      phone_number: p.phone,
      mrn: p.mrn,
      date_of_birth: p.dateOfBirth,
      preferred_language: p.preferredLanguage,
      billing_practitioner_id: demo.practitionerId,
      outreach:
        index % 3 === 0
          ? {
              first_outreach_date: thisMonth <= today ? addMonths(thisMonth, 1) : thisMonth,
              time_preference: (['morning', 'midday', 'afternoon', 'evening'] as const)[index % 4]!,
            }
          : null,
      consent: ccm.consent
        ? {
            status: ccm.consent,
            date: todayIn(organization.timezone, app.clock.now()),
            method: accepted ? 'verbal' : null,
            disclosures: accepted ? [...CONSENT_DISCLOSURES] : [],
          }
        : null,
    }),
  );
  const { consent: _consent, ...plan } = ccm;
  await createCarePlan(app, nurse, nurseProfile, patient.id, carePlanSchema.parse({ ...plan, note: p.carePlan }));
  const notes = documentSchema.parse({ content: p.emrNotes });
  await createDocument(app, nurse, nurseProfile, 'emr_notes', patient.id, { content: notes.content });
  return patient.id;
}

/**
 * One past call through the call pipeline at its time: placed at once (Make Call) or scheduled
 * and then placed by the scheduled-call job, its end-of-call report recorded (summary, AI contact
 * time, escalation), and an older successful summary added to the EMR by the nurse.
 */
async function pastCall(
  app: App,
  nurse: Actor,
  call: {
    patient: DemoPatient;
    conditions: DemoCcm['conditions'];
    patientId: string;
    organization: string;
    placedAt: Date;
    ending: (typeof PAST_ENDINGS)[number];
    scheduled: boolean;
    seq: number;
    addToEmr: boolean;
  },
): Promise<void> {
  const { clock } = app;
  let callId: string;
  let placedAt = call.placedAt;
  if (call.scheduled) {
    const scheduling = { ...app, scheduler: PLACED_BY_SEED };
    clock.set(new Date(placedAt.getTime() - 10 * 60_000));
    const { call: pending } = await scheduleCall(scheduling, nurse, call.patientId, '10_minutes');
    placedAt = clock.set(pending.scheduled_at ?? placedAt);
    const placed = await placeScheduledCall(scheduling, pending.id, 'demo-seed');
    if (placed !== 'placed') throw new Error(`A demo scheduled call was not placed (${placed})`);
    callId = pending.id;
  } else {
    clock.set(placedAt);
    callId = (await placeCall(app, nurse, call.patientId)).call.id;
  }
  const report = demoReport(
    call.patient,
    call.conditions,
    call.organization,
    call.ending,
    new Date(placedAt.getTime() + 20_000),
    `demo-${callId}`,
    call.seq,
  );
  clock.set(report.endedAt ?? placedAt);
  if ((await recordCallReport(app, callId, report, 'demo-seed')) !== 'stored')
    throw new Error('A demo call report was not stored');
  if (call.addToEmr && report.summary && report.successEvaluation) {
    const log = await app.callLogs.get(callId);
    const input = summaryStatusSchema.parse({ status: 'added_to_emr', version: log?.version });
    await setSummaryStatus(app, nurse, callId, input);
  }
}
