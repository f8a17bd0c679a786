import type { TableDeps } from '../composition-root';
import type { EscalationLevel, TranscriptTurn } from '../../shared/calls';
import { DEFAULT_TIMEZONE, type OutreachCadence } from '../../shared/domain';
import type { Role } from '../../shared/roles';
import { monthIn, outreachScheduledAt, todayIn, addMonths } from '../../shared/time-preferences';
import { derivedId, newCallLog } from '../application/call-records';
import type { CallReport, CallScheduler, IdentityDirectory } from '../application/ports';
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
import { CONSENT_DISCLOSURES } from '../../shared/consent';
import { seedCareTime } from './seed-care-time';

const DAY = 24 * 3600 * 1000;

export type SeedDeps = TableDeps & { identity: IdentityDirectory; scheduler: CallScheduler };

/** The seed makes new ids: a write that finds its item already there is a fault, not something to skip. */
function expectCreated(outcome: string, what: string): void {
  if (outcome !== 'created') throw new Error(`The demo ${what} could not be created (${outcome})`);
}

/** A seeded escalation whose staff notifications the local stack sends once the demo is in place. */
export interface DemoEscalation {
  callLogId: string;
  patientId: string;
  organizationId: string;
  escalationLevel: 'Emergent' | 'Urgent';
}

async function createAccount(
  deps: SeedDeps,
  user: { email: string; firstName: string; lastName: string; phone?: string },
  role: Role,
  providerId: string | null,
  createdAt: string,
) {
  const id = await deps.identity.createUser({
    email: user.email,
    password: DEMO_PASSWORD,
    permanentPassword: true,
    firstName: user.firstName,
    lastName: user.lastName,
    role,
    providerId,
  });
  expectCreated(
    await deps.profiles.create({
      id,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      phone_number: user.phone ?? null,
      role,
      provider_id: providerId,
      assigned_at: providerId ? createdAt : null,
      notification_preferences:
        role === 'provider'
          ? { new_summaries: ['email'], escalations: ['email', 'sms'] }
          : { new_summaries: [], escalations: [] },
      created_at: createdAt,
      status: 'active',
      ...(role === 'provider'
        ? { care_role: DEMO_BILLING_PRACTITIONERS.includes(user.email) ? 'billing_practitioner' : 'clinical_staff' }
        : {}),
    }),
    'profile',
  );
  return id;
}

/** Past calls of the demo: every escalation level, and calls nobody answered or that failed. */
const PAST_ENDINGS: readonly (EscalationLevel | 'no_answer' | 'busy' | 'failed')[] = [
  'Normal',
  'Normal',
  'Elective',
  'Normal',
  'no_answer',
  'Urgent',
  'Normal',
  'busy',
  'Emergent',
  'Normal',
  'failed',
  'Elective',
];

const SUMMARIES: Record<EscalationLevel, { summary: string; note: string | null; patientSays: string }> = {
  Normal: {
    summary:
      'Monthly check-in completed. The patient reports feeling well, is taking medications as prescribed and is following the care plan goals. No new symptoms.',
    note: null,
    patientSays: "I've been doing pretty well, taking everything like I should.",
  },
  Elective: {
    summary:
      'Monthly check-in completed. The patient is stable but asks for a medication refill in the next two weeks and would like to discuss a diet referral at the next visit.',
    note: 'Refill requested within two weeks; patient would like a dietitian referral.',
    patientSays: "I'm alright, but I'm running low on my pills and I'd like to talk to someone about my diet.",
  },
  Urgent: {
    summary:
      'Monthly check-in completed. The patient reports symptoms outside the care plan targets over the last three days. Advised to expect a call from the care team today.',
    note: 'Readings outside target for three days; please call the patient today.',
    patientSays: "My readings have been high for a few days now and I've been more tired than usual.",
  },
  Emergent: {
    summary:
      'Check-in ended early: the patient described warning signs listed in the care plan. The assistant told the patient to call 911 now.',
    note: 'Warning signs reported during the call; patient advised to call 911. Please follow up immediately.',
    patientSays: "I've had some chest tightness this morning and I'm short of breath sitting here.",
  },
};

function demoTranscript(patient: DemoPatient, organization: string, level: EscalationLevel): TranscriptTurn[] {
  const goal =
    patient.carePlan
      .split('\n')
      .find((l) => l.startsWith('Goals:'))
      ?.slice(7) ?? 'your care plan goals';
  return [
    {
      speaker: 'assistant',
      text: `Hello, this is Care, the care assistant from ${organization}. Is this ${patient.firstName}?`,
    },
    { speaker: 'patient', text: "Yes, that's me." },
    { speaker: 'assistant', text: 'Thank you. How have you been feeling since our last call?' },
    { speaker: 'patient', text: SUMMARIES[level].patientSays },
    { speaker: 'assistant', text: `Let's go over your goals: ${goal} How is that going?` },
    { speaker: 'patient', text: 'Most days it goes fine.' },
    {
      speaker: 'assistant',
      text:
        level === 'Emergent'
          ? 'Please hang up and call 911 now. I am letting your care team know right away.'
          : 'Thank you. I will pass this on to your care team. Take care.',
    },
  ];
}

function demoReport(
  patient: DemoPatient,
  organization: string,
  ending: (typeof PAST_ENDINGS)[number],
  startedAt: Date,
  seq: number,
): CallReport {
  if (ending === 'no_answer' || ending === 'busy' || ending === 'failed') {
    const endedAt = new Date(startedAt.getTime() + 30_000).toISOString();
    return {
      vendorCallId: `demo-${seq}`,
      outcome: ending === 'failed' ? 'failed' : ending,
      endedReason:
        ending === 'no_answer'
          ? 'customer-did-not-answer'
          : ending === 'busy'
            ? 'customer-busy'
            : 'twilio-failed-to-connect-call',
      startedAt: null,
      endedAt,
      transcript: [],
      summary: null,
      escalationLevel: 'Normal',
      noteToDoctor: null,
      successEvaluation: null,
      cost: 0.02,
    };
  }
  const seconds = 140 + ((seq * 37) % 260);
  return {
    vendorCallId: `demo-${seq}`,
    outcome: 'answered',
    endedReason: 'customer-ended-call',
    startedAt: startedAt.toISOString(),
    endedAt: new Date(startedAt.getTime() + seconds * 1000).toISOString(),
    transcript: demoTranscript(patient, organization, ending),
    summary: SUMMARIES[ending].summary,
    escalationLevel: ending,
    noteToDoctor: SUMMARIES[ending].note,
    successEvaluation: ending === 'Normal' || ending === 'Elective',
    cost: Math.round(seconds * 0.25) / 100,
  };
}

/**
 * Seeds the demo through the same repositories and identity adapter the API uses: accounts,
 * organizations, patients with care plans and EMR notes, a few months of call history at every
 * escalation level, monthly outreach, and upcoming scheduled calls (real local schedules).
 */
export async function seedDemo(
  deps: SeedDeps,
  patientsPerOrganization = 30,
): Promise<{ patients: number; calls: number; escalations: DemoEscalation[] }> {
  const now = deps.clock.now().getTime();
  const iso = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
  await createAccount(deps, DEMO_OPERATOR, 'careloop_employee', null, iso(200));
  let patients = 0;
  let calls = 0;
  /** The most recent Emergent and Urgent call of each organization: the demo's notifications. */
  const latest = new Map<string, DemoEscalation & { at: string }>();
  for (const [orgIndex, org] of DEMO_ORGANIZATIONS.entries()) {
    const organizationId = deps.ids.newId();
    const timezone = org.timezone ?? DEFAULT_TIMEZONE;
    expectCreated(
      await deps.organizations.create(
        {
          id: organizationId,
          name: org.name,
          address: org.address,
          telephone: org.telephone,
          office_email: org.officeEmail,
          timezone,
          created_at: iso(180 - orgIndex * 30),
          updated_at: iso(180 - orgIndex * 30),
          version: 1,
          status: 'active',
          patient_count: 0,
        },
        'seed',
      ),
      'organization',
    );
    const staffIds: string[] = [];
    for (const [i, staff] of org.staff.entries()) {
      staffIds.push(await createAccount(deps, staff, 'provider', organizationId, iso(170 - orgIndex * 30 - i)));
    }
    const author = org.staff[0].email;
    const enrolled: { id: string; createdAt: string }[] = [];
    for (const [index, p] of demoPatients(orgIndex, patientsPerOrganization, org.telephone.slice(2, 5)).entries()) {
      const patientId = deps.ids.newId();
      const createdAt = iso(p.enrolledDaysAgo);
      // Every third patient is on monthly outreach, next check-in within the coming weeks.
      const onOutreach = index % 3 === 0;
      const today = todayIn(timezone, new Date(now));
      const thisMonth = `${today.slice(0, 8)}${String(10 + (index % 18))}`;
      const checkInDate = thisMonth <= today ? addMonths(thisMonth, 1) : thisMonth;
      const cadence: OutreachCadence | null = onOutreach
        ? {
            patient_id: patientId,
            provider_id: organizationId,
            created_by: author,
            first_outreach_date: checkInDate,
            time_preference: (['morning', 'midday', 'afternoon', 'evening'] as const)[index % 4]!,
            enabled: true,
            scheduled_at: '',
            created_at: createdAt,
          }
        : null;
      if (cadence) cadence.scheduled_at = outreachScheduledAt(checkInDate, cadence.time_preference, timezone);
      const checkIn = cadence
        ? newCallLog(
            {
              id: derivedId(`${patientId}:first-check-in`),
              patient_id: patientId,
              provider_id: organizationId,
              status: 'scheduled',
              kind: 'monthly',
              created_by: author,
              scheduled_at: cadence.scheduled_at,
              time_preference: cadence.time_preference,
              cycle_date: checkInDate,
            },
            createdAt,
          )
        : null;
      expectCreated(
        await deps.patients.create(
          {
            id: patientId,
            provider_id: organizationId,
            first_name: p.firstName,
            last_name: p.lastName,
            email: p.email,
            phone_number: p.phone,
            created_at: createdAt,
            updated_at: createdAt,
            version: 1,
            status: 'active',
          },
          author,
          cadence,
          checkIn,
        ),
        'patient',
      );
      if (checkIn) await deps.scheduler.schedule(checkIn.id, new Date(checkIn.scheduled_at ?? createdAt));
      enrolled.push({ id: patientId, createdAt });
      await seedCcm(deps, {
        ccm: demoCcm(orgIndex, index),
        patientId,
        organizationId,
        createdAt,
        recordedBy: staffIds[0] ?? '',
        practitionerId: staffIds.find((_, i) => DEMO_BILLING_PRACTITIONERS.includes(org.staff[i]?.email ?? '')) ?? null,
        freeText: p.carePlan,
      });
      for (const [kind, content] of [['emr_notes', p.emrNotes]] as const) {
        await deps.documents.create(kind, {
          id: deps.ids.newId(),
          patient_id: patientId,
          provider_id: organizationId,
          content,
          created_at: createdAt,
          updated_at: createdAt,
          created_by: { userId: staffIds[0] ?? '' },
          updated_by: { userId: staffIds[0] ?? '' },
          version: 1,
          has_revision: true,
        });
      }
      // Call history: one check-in a month since enrolment (at most four), for the first dozen patients.
      if (index < 12) {
        const months = Math.min(4, Math.floor(p.enrolledDaysAgo / 30) + 1);
        for (let m = months; m >= 1; m--) {
          const daysAgo = Math.min(p.enrolledDaysAgo - 1, m * 30 - 28 + (index % 5));
          if (daysAgo < 1) continue;
          const placedAt = new Date(now - daysAgo * DAY + (index % 6) * 3600 * 1000);
          const seq = orgIndex * 1000 + index * 10 + m;
          const ending = PAST_ENDINGS[(index + m) % PAST_ENDINGS.length]!;
          const log = newCallLog(
            {
              id: deps.ids.newId(),
              patient_id: patientId,
              provider_id: organizationId,
              status: 'queued',
              kind: m % 2 === 0 ? 'monthly' : 'instant',
              created_by: author,
              placed_at: placedAt.toISOString(),
            },
            placedAt.toISOString(),
          );
          if ((await deps.callLogs.createPlaced(log)) !== 'created') continue;
          await deps.callLogs.setVendorCallId(log.id, `demo-${seq}`, placedAt.toISOString());
          const report = demoReport(p, org.name, ending, new Date(placedAt.getTime() + 20_000), seq);
          const endedAt = new Date(report.endedAt ?? placedAt.toISOString());
          const stored = await deps.callLogs.storeReport(
            { ...log, vendor_call_id: `demo-${seq}` },
            report,
            monthIn(timezone, endedAt),
            endedAt.toISOString(),
          );
          if (stored !== 'duplicate') {
            await deps.callLogs.markEventPublished(stored, endedAt.toISOString());
            const level = stored.escalation_level;
            if (stored.summary && (level === 'Emergent' || level === 'Urgent')) {
              const key = `${organizationId}#${level}`;
              if ((latest.get(key)?.at ?? '') < stored.created_at) {
                latest.set(key, {
                  callLogId: stored.id,
                  patientId,
                  organizationId,
                  escalationLevel: level,
                  at: stored.created_at,
                });
              }
            }
            // Older successful check-ins were reviewed and added to the EMR: every summary tab has some.
            if (stored.summary && stored.success_evaluation && m >= 3) {
              await deps.callLogs.setSummaryStatus(stored, 'added_to_emr', stored.version, endedAt.toISOString());
            }
          }
          calls++;
        }
      }
      patients++;
    }
    await seedCareTime(deps, {
      organizationId,
      timezone,
      staff: org.staff.map((s, i) => ({
        id: staffIds[i] ?? '',
        name: `${s.firstName} ${s.lastName}`,
        careRole: DEMO_BILLING_PRACTITIONERS.includes(s.email) ? 'billing_practitioner' : 'clinical_staff',
      })),
      patients: enrolled,
      now: new Date(now),
    });
  }
  return { patients, calls, escalations: [...latest.values()].map(({ at: _at, ...e }) => e) };
}

/**
 * A demo patient's CCM records (product-rules.md "Care management (CCM)"): consent recorded on the
 * day of enrolment (or not asked), the billing practitioner, and the structured care plan with the
 * demo's free-text plan as its note (its condition count written with it).
 */
async function seedCcm(
  deps: SeedDeps,
  demo: {
    ccm: DemoCcm;
    patientId: string;
    organizationId: string;
    createdAt: string;
    recordedBy: string;
    practitionerId: string | null;
    freeText: string;
  },
): Promise<void> {
  const { ccm, patientId, organizationId, createdAt, recordedBy } = demo;
  if (ccm.consent) {
    await deps.patients.recordConsent(
      {
        id: deps.ids.newId(),
        patientId,
        providerId: organizationId,
        status: ccm.consent,
        date: createdAt.slice(0, 10),
        method: ccm.consent === 'accepted' ? 'verbal' : null,
        disclosures: ccm.consent === 'accepted' ? [...CONSENT_DISCLOSURES] : [],
        recordedBy,
        recordedAt: createdAt,
      },
      'not_asked',
    );
  }
  const patient = await deps.patients.get(patientId);
  if (patient && demo.practitionerId) {
    await deps.patients.update(patient, { ...patient, billingPractitionerId: demo.practitionerId }, createdAt);
  }
  const { consent: _consent, ...plan } = ccm;
  await deps.documents.create('care_plan', {
    id: deps.ids.newId(),
    patient_id: patientId,
    provider_id: organizationId,
    content: demo.freeText,
    plan,
    created_at: createdAt,
    updated_at: createdAt,
    created_by: { userId: recordedBy },
    updated_by: { userId: recordedBy },
    version: 1,
    has_revision: true,
  });
}
