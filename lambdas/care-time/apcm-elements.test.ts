import { describe, expect, it } from 'vitest';
import {
  APCM_ELEMENTS,
  APCM_LOG_MESSAGES,
  apcmLogRequestSchema,
  APCM_NOTE_MAX_LENGTH,
  evidenceLine,
} from '../../shared/apcm';
import { apcmLogOf, automaticElements, marksOf, nextMarks, type ApcmFacts } from './apcm-elements';
import { apcmLogPlan } from './apcm-plans';
import { apcmRuleTrail } from './audit-packet';
import type { StoredApcmMark, TextFact } from './ports';

// November 2026 in New York: from 04:00 UTC on the 1st to 05:00 UTC on December 1st.
const NOV = { start: '2026-11-01T04:00:00.000Z', end: '2026-12-01T05:00:00.000Z' };

type CallFact = ApcmFacts['calls'][number];
const call = (fields: Partial<CallFact> = {}): CallFact => ({
  id: 'call-1',
  kind: 'monthly',
  status: 'completed',
  outcome: 'answered',
  started_at: '2026-11-10T15:00:00.000Z',
  ...fields,
});
const text = (fields: Partial<TextFact> & Pick<TextFact, 'direction'>): TextFact => ({
  id: `20261112T150000000Z-${fields.direction === 'outbound' ? 'aaaaaaaa' : 'bbbbbbbb'}`,
  kind: fields.direction === 'outbound' ? 'check_in' : 'callback_request',
  status: fields.direction === 'outbound' ? 'delivered' : 'received',
  createdAt: '2026-11-12T15:00:00.000Z',
  ...fields,
});
const facts = (fields: Partial<ApcmFacts>): ApcmFacts => ({
  ...NOV,
  timeZone: 'America/New_York',
  calls: [],
  texts: [],
  transitions: [],
  ...fields,
});

describe('the APCM elements CareLoop delivered (facts in, elements out)', () => {
  it('marks nothing in a month without calls or texts', () => {
    expect(automaticElements(facts({}))).toEqual({});
  });

  it('an answered check-in call in the month is comprehensive care management, with the call as evidence', () => {
    expect(automaticElements(facts({ calls: [call()] }))).toEqual({
      care_management: [{ kind: 'check_in_call', id: 'call-1', at: '2026-11-10T15:00:00.000Z' }],
    });
  });

  it('lists every answered call of the month, oldest first, whatever kind of check-in it was', () => {
    const calls = [
      call({ id: 'c3', kind: 'web', started_at: '2026-11-20T15:00:00.000Z' }),
      call({ id: 'c1', kind: 'instant', started_at: '2026-11-02T15:00:00.000Z' }),
      call({ id: 'c2', kind: 'link', started_at: '2026-11-05T15:00:00.000Z' }),
    ];
    expect(automaticElements(facts({ calls })).care_management?.map((e) => e.id)).toEqual(['c1', 'c2', 'c3']);
  });

  it.each([
    ['not answered', call({ outcome: 'no_answer' })],
    ['a voicemail', call({ outcome: 'voicemail' })],
    ['still in progress', call({ status: 'in_progress', outcome: null })],
    ['failed', call({ status: 'failed', outcome: 'failed' })],
    ['an enrolment (consent) call', call({ kind: 'enrollment' })],
    ['never started', call({ started_at: null })],
    ['answered the month before (New York time)', call({ started_at: '2026-11-01T03:59:59.999Z' })],
    ['answered the month after', call({ started_at: '2026-12-01T05:00:00.000Z' })],
  ])('a call %s is no care management', (_case, c) => {
    expect(automaticElements(facts({ calls: [c] }))).toEqual({});
  });

  it('counts a call answered at the month’s first instant in New York', () => {
    const c = call({ started_at: NOV.start });
    expect(automaticElements(facts({ calls: [c] })).care_management).toHaveLength(1);
  });

  it('a text sent and one received in the month are digital communication, naming both', () => {
    const sent = text({ direction: 'outbound', createdAt: '2026-11-12T15:00:00.000Z' });
    const received = text({ direction: 'inbound', createdAt: '2026-11-12T15:30:00.000Z' });
    expect(automaticElements(facts({ texts: [received, sent] }))).toEqual({
      digital_communication: [
        { kind: 'text_sent', id: sent.id, at: sent.createdAt },
        { kind: 'text_received', id: received.id, at: received.createdAt },
      ],
    });
  });

  it('a reply that came before the month’s text still makes an exchange in the month (the first of each way is named)', () => {
    const received = text({ direction: 'inbound', id: 'in-1', createdAt: '2026-11-03T15:00:00.000Z' });
    const sent1 = text({ direction: 'outbound', id: 'out-1', createdAt: '2026-11-04T15:00:00.000Z' });
    const sent2 = text({ direction: 'outbound', id: 'out-2', createdAt: '2026-11-05T15:00:00.000Z' });
    expect(automaticElements(facts({ texts: [sent2, sent1, received] })).digital_communication).toEqual([
      { kind: 'text_received', id: 'in-1', at: '2026-11-03T15:00:00.000Z' },
      { kind: 'text_sent', id: 'out-1', at: '2026-11-04T15:00:00.000Z' },
    ]);
  });

  it.each([
    ['only a text sent', [text({ direction: 'outbound' })]],
    ['only a text received', [text({ direction: 'inbound' })]],
    [
      'a text that failed and a reply',
      [text({ direction: 'outbound', status: 'failed' }), text({ direction: 'inbound' })],
    ],
    [
      'an undelivered text and a reply',
      [text({ direction: 'outbound', status: 'undelivered' }), text({ direction: 'inbound' })],
    ],
    [
      'a reminder and a STOP',
      [text({ direction: 'outbound', kind: 'reminder' }), text({ direction: 'inbound', kind: 'stop' })],
    ],
    [
      'a HELP and CareLoop’s automatic answer',
      [text({ direction: 'inbound', kind: 'help' }), text({ direction: 'outbound', kind: 'help' })],
    ],
    [
      'a text last month and a reply this month',
      [
        text({ direction: 'outbound', createdAt: '2026-10-31T15:00:00.000Z' }),
        text({ direction: 'inbound', createdAt: '2026-11-02T15:00:00.000Z' }),
      ],
    ],
  ])('%s is no exchange', (_case, texts) => {
    expect(automaticElements(facts({ texts }))).toEqual({});
  });

  it('never marks a care transition (CareLoop records none), nor the care plan shared without its text', () => {
    const all = automaticElements(
      facts({ calls: [call()], texts: [text({ direction: 'outbound' }), text({ direction: 'inbound' })] }),
    );
    expect(Object.keys(all).sort()).toEqual(['care_management', 'digital_communication']);
  });
});

describe('care transitions followed up (a discharge staff recorded, then a contact)', () => {
  const discharge = (date: string, id = `t-${date}`) => ({ id, kind: 'hospital_discharge' as const, date });
  const transitions = (f: ApcmFacts) => automaticElements(f).care_transitions;

  it('a discharge followed up in the month by an answered call marks the element, naming both', () => {
    const c = call({ id: 'call-9', started_at: '2026-11-30T15:00:00.000Z' });
    expect(transitions(facts({ calls: [c], transitions: [discharge('2026-11-28', 't-1')] }))).toEqual([
      {
        kind: 'check_in_call',
        id: 'call-9',
        at: '2026-11-30T15:00:00.000Z',
        follows: { id: 't-1', kind: 'hospital_discharge', date: '2026-11-28' },
      },
    ]);
  });

  it('a text from the patient follows one up too; a keyword does not', () => {
    const reply = text({ direction: 'inbound', id: 'in-1', createdAt: '2026-11-20T15:00:00.000Z' });
    expect(transitions(facts({ texts: [reply], transitions: [discharge('2026-11-19')] }))?.[0]).toMatchObject({
      kind: 'text_received',
      id: 'in-1',
    });
    const stop = text({ direction: 'inbound', kind: 'stop', createdAt: '2026-11-20T15:00:00.000Z' });
    expect(transitions(facts({ texts: [stop], transitions: [discharge('2026-11-19')] }))).toBeUndefined();
  });

  it('an enrolment call or a contact before the discharge date follows nothing up', () => {
    const enrolment = call({ kind: 'enrollment', started_at: '2026-11-20T15:00:00.000Z' });
    const before = call({ id: 'before', started_at: '2026-11-18T15:00:00.000Z' });
    expect(transitions(facts({ calls: [enrolment, before], transitions: [discharge('2026-11-19')] }))).toBeUndefined();
  });

  it('a discharge of last month followed up this month marks this month (the month of the contact)', () => {
    const c = call({ started_at: '2026-11-02T15:00:00.000Z' });
    expect(transitions(facts({ calls: [c], transitions: [discharge('2026-10-30')] }))).toHaveLength(1);
  });

  it('a discharge followed up last month is not followed up again by this month’s contact', () => {
    const october = call({ id: 'oct', started_at: '2026-10-31T15:00:00.000Z' });
    const november = call({ id: 'nov', started_at: '2026-11-02T15:00:00.000Z' });
    expect(transitions(facts({ calls: [october, november], transitions: [discharge('2026-10-30')] }))).toBeUndefined();
  });

  it('the contact’s month is the organization’s: 23:30 on Nov 30 in New York is November', () => {
    const lateNov = call({ started_at: '2026-12-01T04:30:00.000Z' });
    expect(transitions(facts({ calls: [lateNov], transitions: [discharge('2026-11-30')] }))).toHaveLength(1);
    // 23:59 on Oct 31 in New York (Nov 1 in UTC) is October: not this month's.
    const lateOct = call({ started_at: '2026-11-01T03:59:00.000Z' });
    expect(transitions(facts({ calls: [lateOct], transitions: [discharge('2026-10-31')] }))).toBeUndefined();
  });

  it('counts a first contact within 30 days of the date, not later', () => {
    // Nov 1 is 30 days after Oct 2 and 31 after Oct 1.
    const c = call({ started_at: '2026-11-01T15:00:00.000Z' });
    expect(transitions(facts({ calls: [c], transitions: [discharge('2026-10-02')] }))).toHaveLength(1);
    expect(transitions(facts({ calls: [c], transitions: [discharge('2026-10-01')] }))).toBeUndefined();
  });

  it('one contact following up two transitions names each, and the evidence reads in words', () => {
    const c = call({ id: 'call-2', started_at: '2026-11-10T15:00:00.000Z' });
    const found = transitions(
      facts({
        calls: [c],
        transitions: [discharge('2026-11-09', 'a'), { id: 'b', kind: 'ed_visit', date: '2026-11-08' }],
      }),
    );
    expect(found?.map((e) => e.follows?.id).sort()).toEqual(['a', 'b']);
    const day = (at: string) => (at.startsWith('2026-11-10') ? 'Nov 10, 2026' : at);
    expect(found?.map((e) => evidenceLine(e, day)).sort()).toEqual([
      'Follow-up after ED visit, Nov 8: AI check-in call answered Nov 10, 2026',
      'Follow-up after hospital discharge, Nov 9: AI check-in call answered Nov 10, 2026',
    ]);
  });
});

describe('the care plan shared with the patient (a care plan link texted)', () => {
  const carePlanText = (fields: Partial<TextFact> = {}) =>
    text({ direction: 'outbound', kind: 'care_plan', id: '20261115T150000000Z-cccccccc', ...fields });

  it('marks care_plan_shared by a care plan text that reached the carrier, naming the text', () => {
    const sent = carePlanText({ createdAt: '2026-11-15T15:00:00.000Z' });
    expect(automaticElements(facts({ texts: [sent] }))).toEqual({
      care_plan_shared: [{ kind: 'care_plan_text', id: sent.id, at: sent.createdAt }],
    });
  });

  it.each(['queued', 'accepted', 'sent', 'delivered'] as const)('counts a care plan text %s', (status) => {
    expect(automaticElements(facts({ texts: [carePlanText({ status })] })).care_plan_shared).toHaveLength(1);
  });

  it.each(['sending', 'failed', 'undelivered'] as const)('does not count a care plan text %s', (status) => {
    expect(automaticElements(facts({ texts: [carePlanText({ status })] }))).toEqual({});
  });

  it('names every care plan text of the month, oldest first', () => {
    const late = carePlanText({ id: 'late', createdAt: '2026-11-25T15:00:00.000Z' });
    const early = carePlanText({ id: 'early', createdAt: '2026-11-03T15:00:00.000Z' });
    expect(automaticElements(facts({ texts: [late, early] })).care_plan_shared?.map((e) => e.id)).toEqual([
      'early',
      'late',
    ]);
  });

  it('belongs to the month of New York: 23:59 on October 31 there is October, 00:00 on November 1 is November', () => {
    // 2026-11-01T03:59:59.999Z is 23:59:59.999 on October 31 in New York (EDT); 04:00Z is midnight.
    const october = carePlanText({ id: 'oct', createdAt: '2026-11-01T03:59:59.999Z' });
    const november = carePlanText({ id: 'nov', createdAt: NOV.start });
    expect(automaticElements(facts({ texts: [october] }))).toEqual({});
    expect(automaticElements(facts({ texts: [october, november] })).care_plan_shared).toEqual([
      { kind: 'care_plan_text', id: 'nov', at: NOV.start },
    ]);
    // The month's end: 23:59 on November 30 in New York (EST) is November; 05:00Z on December 1 is December.
    const lastMinute = carePlanText({ id: 'last', createdAt: '2026-12-01T04:59:59.999Z' });
    const december = carePlanText({ id: 'dec', createdAt: NOV.end });
    expect(automaticElements(facts({ texts: [lastMinute, december] })).care_plan_shared?.map((e) => e.id)).toEqual([
      'last',
    ]);
  });

  it('is also a text sent toward digital communication, which still needs the patient’s reply', () => {
    const sent = carePlanText();
    expect(Object.keys(automaticElements(facts({ texts: [sent] })))).toEqual(['care_plan_shared']);
    const reply = text({ direction: 'inbound', createdAt: '2026-11-16T15:00:00.000Z' });
    expect(Object.keys(automaticElements(facts({ texts: [sent, reply] }))).sort()).toEqual([
      'care_plan_shared',
      'digital_communication',
    ]);
  });
});

const mark = (fields: Partial<StoredApcmMark> = {}): StoredApcmMark => ({
  element: 'care_plan_shared',
  user_id: 'u1',
  by_name: 'Nora Nurse',
  care_role: 'clinical_staff',
  at: '2026-11-04T14:00:00.000Z',
  note: null,
  ...fields,
});
const nora = { user_id: 'u1', by_name: 'Nora Nurse', care_role: 'clinical_staff' as const };
const AT = '2026-11-20T14:00:00.000Z';

describe('the month’s log', () => {
  it('lists every element in the handbook’s order, delivered by CareLoop, by staff, by both or not at all', () => {
    const log = apcmLogOf(
      '2026-11',
      'apcm',
      2,
      { care_management: [{ kind: 'check_in_call', id: 'call-1', at: '2026-11-10T15:00:00.000Z' }] },
      [
        mark({ element: 'care_management', note: 'Reviewed the call', user_id: 'u2', at: '2026-11-11T10:00:00.000Z' }),
        mark(),
      ],
    );
    expect(log.elements.map((e) => e.element)).toEqual([...APCM_ELEMENTS]);
    expect(log.elements.filter((e) => e.delivered).map((e) => e.element)).toEqual([
      'care_management',
      'care_plan_shared',
    ]);
    const care = log.elements.find((e) => e.element === 'care_management');
    expect(care?.evidence).toHaveLength(1);
    expect(care?.marks.map((m) => m.note)).toEqual(['Reviewed the call']);
    expect(log.version).toBe(2);
  });
});

describe('saving one staff member’s marks', () => {
  it('adds the marks of someone who had none, at the time of the save', () => {
    expect(nextMarks([], nora, [{ element: 'community_coordination', note: 'Meals on wheels' }], AT)).toEqual([
      { element: 'community_coordination', ...nora, at: AT, note: 'Meals on wheels' },
    ]);
  });

  it('unmarks what they leave out, and keeps everyone else’s marks', () => {
    const theirs = mark({ user_id: 'u2', by_name: 'Sam Staff', element: 'access_continuity' });
    const before = [mark(), theirs];
    expect(nextMarks(before, nora, [], AT)).toEqual([theirs]);
  });

  it('keeps a mark saved again with the same note (its time too); a changed note is a new mark', () => {
    const before = [mark({ note: 'Sent' }), mark({ element: 'access_continuity', note: null })];
    const after = nextMarks(
      before,
      nora,
      [
        { element: 'care_plan_shared', note: 'Sent' },
        { element: 'access_continuity', note: 'After-hours line' },
      ],
      AT,
    );
    expect(after).toEqual([before[0], { ...before[1], note: 'After-hours line', at: AT }]);
  });

  it('names the elements one person marked, sorted, for the audit event', () => {
    const marks = [
      mark({ element: 'digital_communication' }),
      mark(),
      mark({ user_id: 'u2', element: 'access_continuity' }),
    ];
    expect(marksOf(marks, 'u1')).toEqual(['care_plan_shared', 'digital_communication']);
    expect(marksOf(marks, 'u3')).toEqual([]);
  });
});

describe('the log’s write', () => {
  const log = {
    patient_id: 'p1',
    provider_id: 'org-1',
    month: '2026-11',
    marks: [mark()],
    version: 1,
    updated_at: AT,
  };

  /** A billed month is frozen: every save holds only while its patient-month has no billed_at. */
  const notBilled = {
    op: 'check',
    entity: 'ccmMonth',
    key: { provider_id: 'org-1', month: '2026-11', patient_id: 'p1' },
    when: { missing: ['billed_at'] },
    refusal: 'billed',
  };

  it('creates the first version while the month is not billed, refused as changed when one exists', () => {
    expect(apcmLogPlan(log, 0).transaction).toEqual([
      notBilled,
      {
        op: 'create',
        entity: 'apcmLog',
        item: { ...log, marks: [{ element: 'care_plan_shared', ...nora, at: '2026-11-04T14:00:00.000Z' }] },
        refusal: 'changed',
      },
    ]);
  });

  it('replaces a later one only over the version it was read at, and only while the month is not billed', () => {
    const plan = apcmLogPlan({ ...log, version: 4, marks: [mark({ note: 'n' })] }, 3);
    // The check comes first: a month billed meanwhile answers `billed`, even when the log moved too.
    const [check, write] = plan.transaction;
    expect(plan.transaction).toHaveLength(2);
    expect(check).toEqual(notBilled);
    expect(write).toMatchObject({ op: 'put', entity: 'apcmLog', when: { equal: { version: 3 } }, refusal: 'changed' });
    expect(write && 'item' in write ? write.item.marks : null).toEqual([mark({ note: 'n' })]);
    expect(plan.afterCommit).toEqual([]);
  });
});

describe('the save request', () => {
  const parse = (body: unknown) => apcmLogRequestSchema.safeParse(body);
  const message = (body: unknown) => {
    const r = parse(body);
    return r.success ? null : r.error.issues[0]?.message;
  };

  it('takes the version and the marked elements, trimming notes', () => {
    expect(
      parse({ version: 0, elements: [{ element: 'care_transitions', note: '  Called after discharge ' }] }).data,
    ).toEqual({
      version: 0,
      elements: [{ element: 'care_transitions', note: 'Called after discharge' }],
    });
  });

  it('refuses in words: an unknown element, one twice, a note too long, no version', () => {
    expect(message({ version: 0, elements: [{ element: 'house_calls' }] })).toBe(APCM_LOG_MESSAGES.elementInvalid);
    expect(message({ version: 0, elements: [{ element: 'care_management' }, { element: 'care_management' }] })).toBe(
      APCM_LOG_MESSAGES.elementTwice,
    );
    expect(
      message({ version: 0, elements: [{ element: 'care_management', note: 'x'.repeat(APCM_NOTE_MAX_LENGTH + 1) }] }),
    ).toBe(APCM_LOG_MESSAGES.noteTooLong);
    expect(message({ elements: [] })).toBe(APCM_LOG_MESSAGES.versionRequired);
    expect(
      parse({ version: 0, elements: [{ element: 'care_management', note: 'x'.repeat(APCM_NOTE_MAX_LENGTH) }] }).success,
    ).toBe(true);
  });
});

describe('the rule trail of an APCM code', () => {
  const log = apcmLogOf('2026-11', 'apcm', 1, {}, [mark(), mark({ element: 'access_continuity' })]);

  it('names the conditions, consent and how many elements were logged', () => {
    const billed = {
      program: 'apcm' as const,
      reason: '',
      codes: [{ code: 'G0557' as const, minutes: 0, reason: 'x' }],
    };
    expect(apcmRuleTrail(billed, { conditions: 2, qmb: false }, log)[0]?.reason).toBe(
      'APCM, 2 chronic conditions, consent accepted, 2 of 7 service elements logged this month',
    );
  });

  it('names QMB for G0558', () => {
    const billed = {
      program: 'apcm' as const,
      reason: '',
      codes: [{ code: 'G0558' as const, minutes: 0, reason: 'x' }],
    };
    expect(apcmRuleTrail(billed, { conditions: 3, qmb: true }, log)[0]?.reason).toBe(
      'APCM, 3 chronic conditions, a Qualified Medicare Beneficiary, consent accepted, 2 of 7 service elements logged this month',
    );
  });

  it('leaves another program’s codes as the engine gave them', () => {
    const billed = {
      program: 'ccm' as const,
      reason: '',
      codes: [{ code: '99490' as const, minutes: 20, reason: 'r' }],
    };
    expect(apcmRuleTrail(billed, { conditions: 2, qmb: false }, log)).toBe(billed.codes);
  });
});
