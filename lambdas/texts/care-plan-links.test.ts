import { describe, expect, it } from 'vitest';
import { CARE_PLAN_LINK_DAYS, CARE_PLAN_LINK_MAX_WRONG, CARE_PLAN_LINK_MESSAGES } from '../../shared/care-plan-link';
import { EMPTY_CARE_PLAN } from '../../shared/care-plan';
import { hashToken } from '../kernel/links';
import type { AuditEntry } from '../kernel/audit-entry';
import type { LinkRecord } from '../kernel/records/link';
import type { OrganizationRecord } from '../kernel/records/organization';
import type { PatientRecord } from '../kernel/records/patient';
import type { CommitOutcome, WritePlan } from '../kernel/write-plan';
import { wrongDatePlan } from './care-plan-link-plans';
import { openCarePlanLink, sendCarePlanLink } from './care-plan-links';
import type { OutboundText } from './ports';

const NOW = new Date('2026-11-27T15:00:00.000Z');
const PATIENT_ID = 'c0ffee00-0000-4000-8000-00000000000a';
const ORG_ID = 'c0ffee00-0000-4000-8000-00000000000b';
const TOKEN = 'A'.repeat(43);

const patient = (fields: Partial<PatientRecord> = {}): PatientRecord => ({
  id: PATIENT_ID,
  provider_id: ORG_ID,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone_number: '(813) 555-0142',
  created_at: NOW.toISOString(),
  updated_at: NOW.toISOString(),
  version: 1,
  status: 'active',
  preferred_language: 'en',
  date_of_birth: '1950-04-12',
  consent: { status: 'accepted', date: '2026-11-02' },
  ...fields,
});

const organization: OrganizationRecord = {
  id: ORG_ID,
  name: 'Sunrise Family Medicine',
  address: null,
  telephone: '+18135550100',
  office_email: null,
  timezone: 'America/New_York',
  sms_sender: '+18135550199',
  created_at: NOW.toISOString(),
  updated_at: NOW.toISOString(),
  patient_count: 3,
  version: 1,
  daily_call_limit: null,
  daily_text_limit: null,
  on_call_number: null,
  status: 'active',
};

const carePlan = {
  version: 3,
  updated_at: '2026-11-20T10:00:00.000Z',
  content: 'Check your blood pressure every morning.',
  plan: { ...EMPTY_CARE_PLAN, goals: ['Walk 20 minutes a day'] },
};

const link = (fields: Partial<LinkRecord> = {}): LinkRecord => ({
  tokenHash: hashToken(TOKEN),
  kind: 'care_plan',
  organizationId: ORG_ID,
  patientId: PATIENT_ID,
  callLogId: null,
  createdAt: NOW.toISOString(),
  createdBy: 'u-1',
  expires: new Date(NOW.getTime() + CARE_PLAN_LINK_DAYS * 86_400_000).toISOString(),
  ...fields,
});

const nurse = { userId: 'u-1', email: 'nurse@sunrise.example', role: 'provider' as const, providerId: ORG_ID };

/** The use cases over records held in memory: the plans committed (`op entity`), the texts sent, the audit events. */
function world(
  options: {
    patient?: PatientRecord;
    link?: LinkRecord | null;
    plan?: typeof carePlan | null;
    outcomes?: CommitOutcome<string>[];
    now?: Date;
  } = {},
) {
  const w = { plans: [] as WritePlan<string>[], sent: [] as OutboundText[], audit: [] as AuditEntry[] };
  const outcomes = [...(options.outcomes ?? [])];
  const found = options.patient ?? patient();
  const stored = options.link === undefined ? link() : options.link;
  const deps = {
    patients: {
      get: (id: string) => Promise.resolve(found.id === id ? found : null),
      getMany: () => Promise.resolve([]),
    },
    organizations: {
      get: () => Promise.resolve(organization),
      getRef: () => Promise.resolve(organization),
      ownerOfSender: () => Promise.resolve(null),
    },
    profiles: { get: () => Promise.resolve(null) },
    texts: {
      pageByPatient: () => Promise.resolve({ items: [], cursor: null }),
      get: () => Promise.resolve(null),
      monthCount: () => Promise.resolve(0),
      findBySid: () => Promise.resolve(null),
      optOutOf: () => Promise.resolve(null),
      contactsOf: () => Promise.resolve([]),
    },
    documents: { get: () => Promise.resolve(options.plan === undefined ? carePlan : options.plan) },
    links: {
      get: (hash: string) => Promise.resolve(stored?.tokenHash === hash ? stored : null),
      revokedAt: () => Promise.resolve(null),
    },
    audit: {
      record: (entry: AuditEntry) => Promise.resolve(void w.audit.push(entry)),
      recordMany: (entries: readonly AuditEntry[]) => Promise.resolve(void w.audit.push(...entries)),
    },
    clock: { now: () => options.now ?? NOW },
    committer: {
      commit: <R extends string>(plan: WritePlan<R>) => {
        w.plans.push(plan);
        return Promise.resolve((outcomes.shift() ?? 'committed') as CommitOutcome<R>);
      },
    },
    sms: {
      send: (text: OutboundText) => {
        w.sent.push(text);
        return Promise.resolve({ messageSid: 'SM00000000000000000000000000000001' });
      },
    },
    webOrigin: 'https://app.careloop.example',
    statusCallbackUrl: 'https://hooks.example/twilio/status',
  };
  return { w, deps };
}

const ops = (plan: WritePlan<string>) => plan.transaction.map((write) => `${write.op} ${write.entity}`);
const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    const e = error as { status: number; code: string; message: string };
    return { status: e.status, code: e.code, message: e.message };
  }
  throw new Error('expected a refusal');
};

describe('sendCarePlanLink', () => {
  it('texts the patient from the practice’s sender a 30-day link to their care plan, kept in their texts without the link', async () => {
    const { w, deps } = world();
    const answer = await sendCarePlanLink(deps, nurse, PATIENT_ID);
    const [reserve, link, accepted] = w.plans;
    // The text is reserved like any (the month's allowance, the day's slot, the opt-out), then the link, then Twilio's id.
    expect(ops(reserve!)).toContain('check smsPreference');
    const stored = reserve!.transaction.find((t) => t.op === 'create' && t.entity === 'textMessage');
    expect(stored).toMatchObject({ item: { kind: 'care_plan', included_call_link: false } });
    expect(JSON.stringify(stored)).not.toContain('/care-plan/');
    expect(ops(link!)).toEqual(['create link']);
    expect(link!.transaction[0]).toMatchObject({ item: { kind: 'care_plan', patient_id: PATIENT_ID } });
    expect(ops(accepted!)).toEqual(['patch textMessage', 'put textSid']);
    expect(w.sent).toHaveLength(1);
    expect(w.sent[0]).toMatchObject({ to: '+18135550142', sender: organization.sms_sender });
    expect(w.sent[0]!.body).toMatch(
      /^Hi Ada, Sunrise Family Medicine has shared your care plan with you\. Open the link and enter your date of birth to read it\.\n\nhttps:\/\/app\.careloop\.example\/care-plan\/[A-Za-z0-9_-]{43}\n\nReply STOP/,
    );
    expect(answer.expires).toBe(new Date(NOW.getTime() + 30 * 86_400_000).toISOString());
    expect(w.audit.map((e) => [e.action, e.outcome])).toEqual([['care_plan.share', 'success']]);
  });

  it('texts a Spanish speaker in Spanish, with a link whose page speaks Spanish from the start', async () => {
    const { w, deps } = world({ patient: patient({ preferred_language: 'es' }) });
    await sendCarePlanLink(deps, nurse, PATIENT_ID);
    expect(w.sent[0]!.body).toMatch(/^Hola Ada, Sunrise Family Medicine le ha enviado su plan de cuidado\./);
    expect(w.sent[0]!.body).toMatch(/\/care-plan\/[A-Za-z0-9_-]{43}\?lang=es\n\nResponda ALTO/);
  });

  it.each([
    ['no phone', { phone_number: null }, 'text.no_phone'],
    ['no date of birth', { date_of_birth: null }, 'care_plan_link.no_date_of_birth'],
    [
      'consent not accepted',
      { consent: { status: 'declined' as const, date: '2026-11-02' } },
      'care_plan_link.no_consent',
    ],
  ])('refuses a patient with %s in words, sending nothing', async (_case, fields, code) => {
    const { w, deps } = world({ patient: patient(fields as Partial<PatientRecord>) });
    const answer = await refusal(sendCarePlanLink(deps, nurse, PATIENT_ID));
    expect(answer.code).toBe(code);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(w.plans).toEqual([]);
    expect(w.sent).toEqual([]);
  });

  it('refuses a patient without a care plan, and an opted-out number, sending nothing', async () => {
    const none = world({ plan: null });
    expect(await refusal(sendCarePlanLink(none.deps, nurse, PATIENT_ID))).toMatchObject({
      status: 404,
      code: 'care_plan.not_found',
    });
    const optedOut = world({ outcomes: ['opted_out'] });
    expect(await refusal(sendCarePlanLink(optedOut.deps, nurse, PATIENT_ID))).toMatchObject({
      status: 409,
      code: 'text.opted_out',
    });
    expect([...none.w.sent, ...optedOut.w.sent]).toEqual([]);
  });

  it("answers another organization's patient as missing", async () => {
    const { w, deps } = world({ patient: patient({ provider_id: 'c0ffee00-0000-4000-8000-0000000000cc' }) });
    expect(await refusal(sendCarePlanLink(deps, nurse, PATIENT_ID))).toMatchObject({
      status: 404,
      code: 'patient.not_found',
    });
    expect(w.sent).toEqual([]);
  });
});

describe('openCarePlanLink', () => {
  it('shows only the practice’s name and the language before a date of birth', async () => {
    const { w, deps } = world({ patient: patient({ preferred_language: 'es' }) });
    expect(await openCarePlanLink(deps, TOKEN, undefined)).toEqual({
      verified: false,
      language: 'es',
      organization: { name: 'Sunrise Family Medicine' },
    });
    expect(w.plans).toEqual([]);
  });

  it('shows the care plan in force, the first name and the practice’s phone for the right date of birth', async () => {
    const { w, deps } = world();
    expect(await openCarePlanLink(deps, TOKEN, '1950-04-12')).toEqual({
      verified: true,
      language: 'en',
      organization: { name: 'Sunrise Family Medicine', telephone: '+18135550100' },
      patient: { first_name: 'Ada' },
      care_plan: {
        ...carePlan.plan,
        note: carePlan.content,
        version: 3,
        updated_at: carePlan.updated_at,
      },
    });
    expect(w.audit.map((e) => [e.action, e.outcome, e.patientId])).toEqual([
      ['care_plan.read_by_link', 'success', PATIENT_ID],
    ]);
  });

  it('counts a wrong date of birth on the link and says how many tries are left', async () => {
    const { w, deps } = world({ link: link({ wrongAttempts: 1 }) });
    expect(await refusal(openCarePlanLink(deps, TOKEN, '1950-04-13'))).toEqual({
      status: 400,
      code: 'link.wrong_date_of_birth',
      message: CARE_PLAN_LINK_MESSAGES.wrongDateOfBirth(3),
    });
    expect(w.plans).toEqual([wrongDatePlan(hashToken(TOKEN))]);
  });

  it('locks on the fifth wrong date, and stays locked even for the right one', async () => {
    const fifth = world({ link: link({ wrongAttempts: CARE_PLAN_LINK_MAX_WRONG - 1 }) });
    expect(await refusal(openCarePlanLink(fifth.deps, TOKEN, '2000-01-01'))).toMatchObject({
      status: 429,
      code: 'link.locked',
    });
    const locked = world({ link: link({ wrongAttempts: CARE_PLAN_LINK_MAX_WRONG }) });
    for (const dob of [undefined, '1950-04-12']) {
      expect(await refusal(openCarePlanLink(locked.deps, TOKEN, dob))).toMatchObject({
        status: 429,
        code: 'link.locked',
      });
    }
    expect(locked.w.plans).toEqual([]);
  });

  it('answers locked when another wrong try took the last one meanwhile', async () => {
    const { deps } = world({ link: link({ wrongAttempts: 2 }), outcomes: ['locked'] });
    expect(await refusal(openCarePlanLink(deps, TOKEN, '2000-01-01'))).toMatchObject({
      status: 429,
      code: 'link.locked',
    });
  });

  it.each([
    ['an expired link', { link: link({ expires: NOW.toISOString() }) }],
    ['an unknown token', { link: null }],
    ['a call link', { link: link({ kind: 'call' }) }],
    ['an archived patient', { patient: patient({ status: 'archived' }) }],
    [
      'a patient moved to another practice',
      { patient: patient({ provider_id: 'c0ffee00-0000-4000-8000-0000000000cc' }) },
    ],
  ])('answers %s like every link that opens nothing, without a word about the patient', async (_case, options) => {
    const { deps } = world(options);
    for (const dob of [undefined, '1950-04-12']) {
      expect(await refusal(openCarePlanLink(deps, TOKEN, dob))).toEqual({
        status: 404,
        code: 'link.invalid',
        message: CARE_PLAN_LINK_MESSAGES.invalid,
      });
    }
  });
});

describe('wrongDatePlan', () => {
  it('adds one wrong try to the link only while it is below the most allowed', () => {
    expect(wrongDatePlan('h-1')).toEqual({
      transaction: [
        {
          op: 'patch',
          entity: 'link',
          key: { token_hash: 'h-1' },
          add: { wrong_attempts: 1 },
          when: { missingOr: { below: { wrong_attempts: 5 } } },
          refusal: 'locked',
        },
      ],
      afterCommit: [],
    });
  });
});
