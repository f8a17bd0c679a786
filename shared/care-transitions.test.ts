import { describe, expect, it } from 'vitest';
import {
  TRANSITION_MESSAGES,
  addBusinessDays,
  followUpOf,
  followUpWords,
  interactiveContacts,
  transitionRequestSchema,
  type CallFact,
  type Contact,
  type TextContactFact,
} from './care-transitions';
import { todayIn } from './time-preferences';

// New York: a contact's day is its day there, not in UTC.
const dayOf = (at: string) => todayIn('America/New_York', new Date(at));

const call = (fields: Partial<CallFact> = {}): CallFact => ({
  id: 'call-1',
  kind: 'monthly',
  status: 'completed',
  outcome: 'answered',
  started_at: '2026-12-03T15:00:00.000Z',
  ...fields,
});
const text = (fields: Partial<TextContactFact> = {}): TextContactFact => ({
  id: 'text-1',
  direction: 'inbound',
  kind: 'callback_request',
  createdAt: '2026-12-03T15:00:00.000Z',
  ...fields,
});
const contact = (at: string, kind: Contact['kind'] = 'check_in_call', id = 'c'): Contact => ({ kind, id, at });

describe('business days (Saturdays and Sundays skipped, holidays not modelled)', () => {
  it.each([
    ['Monday', '2026-11-30', '2026-12-02'],
    ['Wednesday', '2026-12-02', '2026-12-04'],
    ['Thursday', '2026-12-03', '2026-12-07'],
    ['Friday', '2026-12-04', '2026-12-08'],
    ['Saturday', '2026-12-05', '2026-12-08'],
    ['Sunday', '2026-12-06', '2026-12-08'],
    ['Thursday before New Year (across the year)', '2026-12-31', '2027-01-04'],
    ['Thanksgiving (a holiday counts as a business day)', '2026-11-26', '2026-11-30'],
  ])('2 business days after a %s', (_day, date, dueBy) => {
    expect(addBusinessDays(date, 2)).toBe(dueBy);
  });
});

describe('the interactive contacts', () => {
  it('an answered check-in call of any kind counts, at the time it started', () => {
    for (const kind of ['instant', 'scheduled', 'monthly', 'link', 'web'] as const) {
      expect(interactiveContacts([call({ kind })], [])).toEqual([
        { kind: 'check_in_call', id: 'call-1', at: '2026-12-03T15:00:00.000Z' },
      ]);
    }
  });

  it.each([
    ['an enrollment (consent) call', call({ kind: 'enrollment' })],
    ['an unanswered call', call({ outcome: 'no_answer' })],
    ['a voicemail', call({ outcome: 'voicemail' })],
    ['a failed call', call({ status: 'failed', outcome: 'failed' })],
    ['a call still in progress', call({ status: 'in_progress', outcome: null })],
    ['a call that never started', call({ started_at: null })],
  ])('%s is no contact', (_case, c) => {
    expect(interactiveContacts([c], [])).toEqual([]);
  });

  it('a text from the patient counts; one sent to them does not', () => {
    expect(interactiveContacts([], [text(), text({ id: 'out', direction: 'outbound', kind: 'check_in' })])).toEqual([
      { kind: 'text_received', id: 'text-1', at: '2026-12-03T15:00:00.000Z' },
    ]);
  });

  it.each(['stop', 'start', 'help'] as const)('a %s keyword text is no contact', (kind) => {
    expect(interactiveContacts([], [text({ kind })])).toEqual([]);
  });

  it('lists calls and texts together, oldest first', () => {
    const contacts = interactiveContacts(
      [call({ id: 'late-call', started_at: '2026-12-05T15:00:00.000Z' })],
      [text({ id: 'early-text', createdAt: '2026-12-02T15:00:00.000Z' })],
    );
    expect(contacts.map((c) => c.id)).toEqual(['early-text', 'late-call']);
  });
});

describe('the follow-up of a transition', () => {
  const date = '2026-12-03'; // a Thursday: due by Monday Dec 7

  it('is due until its due date without a contact', () => {
    expect(followUpOf(date, [], '2026-12-03', dayOf)).toEqual({ status: 'due', due_by: '2026-12-07' });
    expect(followUpOf(date, [], '2026-12-07', dayOf)).toEqual({ status: 'due', due_by: '2026-12-07' });
  });

  it('is overdue the day after its due date without a contact', () => {
    expect(followUpOf(date, [], '2026-12-08', dayOf)).toEqual({ status: 'overdue', due_by: '2026-12-07' });
  });

  it('is followed up by the first contact on or after the date, on time', () => {
    const first = contact('2026-12-04T15:00:00.000Z', 'text_received', 'first');
    const second = contact('2026-12-05T15:00:00.000Z', 'check_in_call', 'second');
    expect(followUpOf(date, [second, first], '2026-12-20', dayOf)).toEqual({
      status: 'followed_up',
      due_by: '2026-12-07',
      contact: first,
      on: '2026-12-04',
      late: false,
    });
  });

  it('counts a contact on the discharge day itself', () => {
    const same = contact('2026-12-03T05:00:00.000Z'); // 00:00 in New York
    expect(followUpOf(date, [same], '2026-12-03', dayOf)).toMatchObject({ status: 'followed_up', on: date });
  });

  it('a contact before the date followed nothing up (its day read in the organization’s zone)', () => {
    // 23:59 on Dec 2 in New York, already Dec 3 in UTC.
    const before = contact('2026-12-03T04:59:00.000Z');
    expect(followUpOf(date, [before], '2026-12-08', dayOf)).toEqual({ status: 'overdue', due_by: '2026-12-07' });
  });

  it('a contact on the due date is on time; one after it still follows up, marked late', () => {
    const onDue = contact('2026-12-07T20:00:00.000Z');
    expect(followUpOf(date, [onDue], '2026-12-20', dayOf)).toMatchObject({ status: 'followed_up', late: false });
    const late = contact('2026-12-08T15:00:00.000Z');
    expect(followUpOf(date, [late], '2026-12-20', dayOf)).toMatchObject({
      status: 'followed_up',
      on: '2026-12-08',
      late: true,
    });
  });
});

describe('the follow-up in words', () => {
  it('names the day and the contact, the due date, or since when it is overdue', () => {
    expect(
      followUpWords({
        status: 'followed_up',
        due_by: '2026-12-07',
        contact: contact('2026-12-03T15:00:00.000Z'),
        on: '2026-12-03',
        late: false,
      }),
    ).toBe('Followed up Dec 3 by a check-in call');
    expect(
      followUpWords({
        status: 'followed_up',
        due_by: '2026-12-07',
        contact: contact('2026-12-09T15:00:00.000Z', 'text_received'),
        on: '2026-12-09',
        late: true,
      }),
    ).toBe('Followed up Dec 9 by a text from the patient (late: due by Dec 7)');
    expect(followUpWords({ status: 'due', due_by: '2026-12-04' })).toBe('Follow-up due by Dec 4');
    expect(followUpWords({ status: 'overdue', due_by: '2026-12-04' })).toBe('Overdue since Dec 4');
  });
});

describe('the request', () => {
  const parse = (body: unknown) => transitionRequestSchema.safeParse(body);
  const message = (body: unknown) => {
    const r = parse(body);
    return r.success ? null : r.error.issues[0]?.message;
  };

  it('trims the facility and the note; empty means none', () => {
    expect(parse({ kind: 'ed_visit', date: '2026-12-03', facility: '  General  ', note: '  ' }).data).toEqual({
      kind: 'ed_visit',
      date: '2026-12-03',
      facility: 'General',
      note: '',
    });
  });

  it('keeps a note’s line breaks but refuses other control characters', () => {
    expect(parse({ kind: 'ed_visit', date: '2026-12-03', note: 'One\nTwo' }).success).toBe(true);
    expect(message({ kind: 'ed_visit', date: '2026-12-03', note: 'One\u0007' })).toBe(TRANSITION_MESSAGES.noteInvalid);
    expect(message({ kind: 'ed_visit', date: '2026-12-03', facility: 'One\nTwo' })).toBe(
      TRANSITION_MESSAGES.facilityInvalid,
    );
  });

  it('refuses in words: the kind, the date, lengths', () => {
    expect(message({ date: '2026-12-03' })).toBe(TRANSITION_MESSAGES.kindInvalid);
    expect(message({ kind: 'ed_visit', date: 'Dec 3' })).toBe(TRANSITION_MESSAGES.dateInvalid);
    expect(message({ kind: 'ed_visit', date: '2026-12-03', facility: 'x'.repeat(201) })).toBe(
      TRANSITION_MESSAGES.facilityTooLong,
    );
    expect(message({ kind: 'ed_visit', date: '2026-12-03', facility: ` ${'x'.repeat(200)} ` })).toBeNull();
    expect(message({ kind: 'ed_visit', date: '2026-12-03', note: 'x'.repeat(1001) })).toBe(
      TRANSITION_MESSAGES.noteTooLong,
    );
  });
});
