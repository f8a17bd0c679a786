/**
 * The fleet simulation's practices and patients, written through the same plans as enrolment:
 * each patient with accepted consent, monthly outreach at its time preference and the first
 * check-in pending on the simulated day (issue 27 item 3).
 */
import { randomUUID } from 'node:crypto';
import { CONSENT_DISCLOSURES } from '../../shared/consent';
import { outreachScheduledAt } from '../../shared/time-preferences';
import type { TableDeps } from '../../lambdas/composition-root';
import { createOrganizationPlan } from '../../lambdas/organizations/organization-plans';
import { createPatientPlan } from '../../lambdas/patients/patient-plans';
import { derivedId, newCallLog } from '../../lambdas/kernel/records/call-log';
import type { FleetPlan } from './fleet-mix';

/** A check-in due on the day: its practice's zone, and when its preference window opens (UTC ms). */
export interface DueCheckIn {
  callLogId: string;
  timeZone: string;
  dueAt: number;
}

const BY = 'fleet-simulation';

/** Writes the plan's practices and patients (`day`: the local date every check-in is due); the check-ins due. */
export async function seedFleet(deps: TableDeps, plan: FleetPlan, day: string): Promise<DueCheckIn[]> {
  const at = deps.clock.now().toISOString();
  const organizations = plan.practices.map((timezone) => ({ id: randomUUID(), timezone }));
  for (const [i, { id, timezone }] of organizations.entries()) {
    const outcome = await deps.committer.commit(
      createOrganizationPlan(
        {
          id,
          name: `Fleet Practice ${i + 1}`,
          address: null,
          telephone: null,
          office_email: null,
          timezone,
          sms_sender: null,
          created_at: at,
          updated_at: at,
          version: 1,
          status: 'active',
          patient_count: 0,
          daily_call_limit: null,
          daily_text_limit: null,
          on_call_number: null,
        },
        BY,
      ),
    );
    if (outcome !== 'committed') throw new Error(`A fleet practice was not stored (${outcome})`);
  }
  const due: DueCheckIn[] = [];
  // One writer per practice at a time: enrolments of one practice count on its one item.
  const byPractice = organizations.map((_, practice) =>
    plan.patients.flatMap((p, i) => (p.practice === practice ? [i] : [])),
  );
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(4, organizations.length) }, async () => {
      while (next < byPractice.length) {
        const practice = next++;
        const organization = organizations[practice]!;
        for (const index of byPractice[practice]!) {
          due.push(await enrolPatient(deps, organization, plan.patients[index]!, index, day, at));
        }
      }
    }),
  );
  return due;
}

async function enrolPatient(
  deps: TableDeps,
  organization: { id: string; timezone: string },
  fleet: FleetPlan['patients'][number],
  index: number,
  day: string,
  at: string,
): Promise<DueCheckIn> {
  const id = randomUUID();
  const scheduledAt = outreachScheduledAt(day, fleet.preference, organization.timezone);
  const cadence = {
    patient_id: id,
    provider_id: organization.id,
    created_by: BY,
    first_outreach_date: day,
    time_preference: fleet.preference,
    enabled: true,
    scheduled_at: scheduledAt,
    created_at: at,
  };
  const checkIn = newCallLog(
    {
      id: derivedId(`${id}:first-check-in`),
      patient_id: id,
      provider_id: organization.id,
      status: 'scheduled',
      kind: 'monthly',
      created_by: BY,
      scheduled_at: scheduledAt,
      time_preference: fleet.preference,
      cycle_date: day,
    },
    at,
  );
  const patient = {
    id,
    provider_id: organization.id,
    first_name: 'Fleet',
    last_name: `Patient${String(index).padStart(5, '0')}`,
    email: `fleet-${index}@patients.example`,
    phone_number: fleet.phoneNumber,
    created_at: at,
    updated_at: at,
    version: 1,
    status: 'active' as const,
  };
  const consent = {
    id: randomUUID(),
    patientId: id,
    providerId: organization.id,
    status: 'accepted' as const,
    date: day,
    method: 'verbal' as const,
    scriptLanguage: 'en' as const,
    disclosures: [...CONSENT_DISCLOSURES],
    recordedBy: BY,
    recordedAt: at,
  };
  const counted = await deps.patients.countedPatients(organization.id);
  const outcome = await deps.committer.commit(
    createPatientPlan({ patient, createdBy: BY, cadence, firstCheckIn: checkIn, consent }, counted),
  );
  if (outcome !== 'committed') throw new Error(`A fleet patient was not stored (${outcome})`);
  return { callLogId: checkIn.id, timeZone: organization.timezone, dueAt: Date.parse(scheduledAt) };
}
