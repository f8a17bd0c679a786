import { describe, expect, it } from 'vitest';
import { archiveAuditEvents, archiveBodyOf, archiveKeyOf, type AuditItemChange } from './archive';
import type { AuditArchive } from './ports';

const item = (id: string) => ({
  pk: '$careloop#subject_patient:p1',
  sk: '$audit_event_1#at_2026-03-01#event_id_' + id,
  gsi1pk: 'x',
  gsi1sk: 'y',
  __edb_e__: 'audit_event',
  __edb_v__: '1',
  event_id: id,
  subject: 'patient:p1',
  at: '2026-03-01T23:59:59.000Z',
  actor_id: 'u1',
  action: 'patient.read',
  outcome: 'success',
});

function deps() {
  const stored = new Map<string, string>();
  const pages: string[] = [];
  const archive: AuditArchive = {
    store: (key, body) => {
      if (stored.has(key)) return Promise.resolve('exists');
      stored.set(key, body);
      return Promise.resolve('stored');
    },
  };
  return { stored, pages, deps: { archive, signals: { auditItemChanged: () => pages.push('page') } } };
}

describe('archiveAuditEvents', () => {
  it("keeps each new event under its UTC day and id, with the event's own attributes only", () => {
    expect(archiveKeyOf(item('e1'))).toBe('audit-events/2026/03/01/e1.json');
    expect(JSON.parse(archiveBodyOf(item('e1')))).toEqual({
      action: 'patient.read',
      actor_id: 'u1',
      at: '2026-03-01T23:59:59.000Z',
      event_id: 'e1',
      outcome: 'success',
      subject: 'patient:p1',
    });
    expect(() => archiveKeyOf({ event_id: '../x', at: '2026-03-01T00:00:00Z' })).toThrow();
  });

  it("keeps the actor's name and e-mail of the time in the locked copy, as the event holds them", () => {
    const named = { ...item('e2'), actor_name: 'Nora Ellis', actor_email: 'nora@sunrise.example' };
    expect(JSON.parse(archiveBodyOf(named))).toMatchObject({
      actor_id: 'u1',
      actor_name: 'Nora Ellis',
      actor_email: 'nora@sunrise.example',
    });
  });

  it('stores new events once, pages on a change or a removal, and not on a removal by TTL', async () => {
    const { stored, pages, deps: d } = deps();
    const changes: AuditItemChange[] = [
      { change: 'insert', byTimeToLive: false, item: item('e1') },
      { change: 'insert', byTimeToLive: false, item: item('e1') },
      { change: 'modify', byTimeToLive: false, item: item('e2') },
      { change: 'remove', byTimeToLive: false, item: item('e3') },
      { change: 'remove', byTimeToLive: true, item: item('e4') },
    ];
    expect(await archiveAuditEvents(d, changes)).toEqual({
      archived: 1,
      alreadyArchived: 1,
      changed: 2,
      expired: 1,
      changedIds: ['e2', 'e3'],
    });
    expect([...stored.keys()]).toEqual(['audit-events/2026/03/01/e1.json']);
    expect(pages).toHaveLength(2);
  });
});
