import { describe, expect, it } from 'vitest';
import { archiveAuditEvents, archiveKeyOf, archiveLineOf, type AuditItemChange } from './archive';
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

const inserted = (...items: Record<string, unknown>[]): AuditItemChange[] =>
  items.map((i) => ({ change: 'insert', byTimeToLive: false, item: i }));
const lines = (body: string) =>
  body
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('archiveAuditEvents', () => {
  it("keeps a batch's events in one object under their UTC day, a line each, with the event's own attributes only", async () => {
    const { stored, deps: d } = deps();
    const outcome = await archiveAuditEvents(d, inserted(item('e1'), item('e2'), item('e3')));

    expect(outcome).toMatchObject({ archived: 3, alreadyArchived: 0 });
    expect([...stored.keys()]).toEqual([archiveKeyOf([item('e1'), item('e2'), item('e3')])]);
    expect([...stored.keys()][0]).toMatch(/^audit-events\/2026\/03\/01\/235959000-[0-9a-f]{16}\.jsonl$/);
    const body = [...stored.values()][0] ?? '';
    expect(body.endsWith('\n')).toBe(true);
    expect(lines(body).map((line) => line.event_id)).toEqual(['e1', 'e2', 'e3']);
    expect(lines(body)[0]).toEqual({
      action: 'patient.read',
      actor_id: 'u1',
      at: '2026-03-01T23:59:59.000Z',
      event_id: 'e1',
      outcome: 'success',
      subject: 'patient:p1',
    });
    expect(archiveLineOf(item('e1'))).toBe(JSON.stringify(lines(body)[0]));
  });

  it('puts the events of a batch that spans midnight in the folder of their own day', async () => {
    const { stored, deps: d } = deps();
    const nextDay = { ...item('e2'), at: '2026-03-02T00:00:00.001Z' };
    await archiveAuditEvents(d, inserted(item('e1'), nextDay, item('e3')));

    const keys = [...stored.keys()];
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^audit-events\/2026\/03\/01\/235959000-/);
    expect(keys[1]).toMatch(/^audit-events\/2026\/03\/02\/000000001-/);
    expect(lines(stored.get(keys[0] ?? '') ?? '').map((line) => line.event_id)).toEqual(['e1', 'e3']);
    expect(lines(stored.get(keys[1] ?? '') ?? '').map((line) => line.event_id)).toEqual(['e2']);
  });

  it('names an object by its events: the same batch again has the same key, another batch another', () => {
    expect(archiveKeyOf([item('e1'), item('e2')])).toBe(archiveKeyOf([item('e1'), item('e2')]));
    expect(archiveKeyOf([item('e1'), item('e2')])).not.toBe(archiveKeyOf([item('e1')]));
    expect(archiveKeyOf([item('e1'), item('e2')])).not.toBe(archiveKeyOf([item('e2'), item('e1')]));
    expect(() => archiveKeyOf([])).toThrow();
    expect(() => archiveKeyOf([item('e1'), { ...item('e2'), at: '2026-03-02T00:00:00Z' }])).toThrow(/spans days/);
    expect(() => archiveKeyOf([{ event_id: '../x', at: '2026-03-01T00:00:00Z' }])).toThrow();
    expect(() => archiveKeyOf([{ event_id: 'e1', at: 'yesterday' }])).toThrow();
  });

  it("keeps the actor's name and e-mail of the time in the locked copy, as the event holds them", () => {
    const named = { ...item('e2'), actor_name: 'Nora Ellis', actor_email: 'nora@sunrise.example' };
    expect(JSON.parse(archiveLineOf(named))).toMatchObject({
      actor_id: 'u1',
      actor_name: 'Nora Ellis',
      actor_email: 'nora@sunrise.example',
    });
  });

  it('stores a redelivered batch once, pages on a change or a removal, and not on a removal by TTL', async () => {
    const { stored, pages, deps: d } = deps();
    const changes: AuditItemChange[] = [
      ...inserted(item('e1')),
      { change: 'modify', byTimeToLive: false, item: item('e2') },
      { change: 'remove', byTimeToLive: false, item: item('e3') },
      { change: 'remove', byTimeToLive: true, item: item('e4') },
    ];
    expect(await archiveAuditEvents(d, changes)).toEqual({
      archived: 1,
      alreadyArchived: 0,
      changed: 2,
      expired: 1,
      changedIds: ['e2', 'e3'],
    });
    expect(await archiveAuditEvents(d, changes)).toEqual({
      archived: 0,
      alreadyArchived: 1,
      changed: 2,
      expired: 1,
      changedIds: ['e2', 'e3'],
    });
    expect([...stored.keys()]).toEqual([archiveKeyOf([item('e1')])]);
    expect(pages).toHaveLength(4);
  });

  it('stores nothing for a batch without new events, and refuses one with an event lacking its time', async () => {
    const { stored, deps: d } = deps();
    await archiveAuditEvents(d, [{ change: 'remove', byTimeToLive: true, item: item('e4') }]);
    expect(stored.size).toBe(0);
    await expect(archiveAuditEvents(d, inserted(item('e1'), { ...item('e2'), at: undefined }))).rejects.toThrow();
    expect(stored.size).toBe(0);
  });
});
