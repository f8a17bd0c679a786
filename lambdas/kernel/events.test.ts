import { describe, expect, it } from 'vitest';
import { MalformedEvent, eventOf } from '../platform/job-handler';
import { EVENT_TYPES, eventProblem } from './events';

const completed = {
  callLogId: 'call-1',
  patientId: 'patient-1',
  organizationId: 'org-1',
  status: 'completed',
  outcome: 'answered',
  escalationLevel: 'Urgent',
};
const onBus = (type: string, detail: unknown) => ({ source: 'careloop', 'detail-type': type, detail });

describe('event contracts', () => {
  it('name every event type', () => {
    expect(EVENT_TYPES).toEqual([
      'call.completed',
      'patient.archived',
      'organization.archived',
      'panel_import.started',
    ]);
  });

  it('accept ids and codes', () => {
    expect(eventProblem('call.completed', completed)).toBeNull();
    expect(eventProblem('call.completed', { ...completed, outcome: null, escalationLevel: null })).toBeNull();
    expect(eventProblem('organization.archived', { organizationId: 'org-1' })).toBeNull();
    expect(eventProblem('panel_import.started', { importId: 'i-1', organizationId: 'org-1' })).toBeNull();
    expect(eventProblem('panel_import.started', { importId: 'i-1', organizationId: 'org-1', file: 'a.csv' })).toBe(
      'detail',
    );
  });

  it.each([
    [
      'an extra field (nothing rides along)',
      'patient.archived',
      { patientId: 'p', organizationId: 'o', phone: '+1' },
      '',
    ],
    ['a missing id', 'patient.archived', { organizationId: 'o' }, 'patientId'],
    ['an id of another shape', 'organization.archived', { organizationId: 'org 1' }, 'organizationId'],
    ['an unknown code', 'call.completed', { ...completed, escalationLevel: 'Critical' }, 'escalationLevel'],
    ['an unknown type', 'patient.deleted', { patientId: 'p' }, 'type'],
  ])('refuse %s', (_, type, detail, path) => {
    expect(eventProblem(type, detail)).toBe(path || 'detail');
  });
});

describe('eventOf (where an event is consumed)', () => {
  it('answers the typed event of one of the given types', () => {
    expect(eventOf(onBus('call.completed', completed), ['call.completed'])).toEqual({
      type: 'call.completed',
      detail: completed,
    });
  });

  it.each([
    ['not an object', null, 'event.not_object'],
    ['another source', { ...onBus('call.completed', completed), source: 'elsewhere' }, 'event.source'],
    ['a type the job does not take', onBus('patient.archived', { patientId: 'p', organizationId: 'o' }), 'event.type'],
    ['a detail that breaks the contract', onBus('call.completed', { ...completed, callLogId: 7 }), 'event.callLogId'],
  ])('calls %s malformed', (_, raw, code) => {
    expect(() => eventOf(raw, ['call.completed'])).toThrow(new MalformedEvent(code));
  });
});
