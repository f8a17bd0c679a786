import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { DynamoAuditLog } from '../../audit/store/dynamo-audit-log';
import { Service } from 'electrodb';
import { allEntities, createEntities } from './entities';
import { plainData } from '../../../test/support/plain-data';
import { AUDIT_EVENT_PARTITION_KEY_PATTERN, TABLE_SCHEMA } from './table-schema';

/** Builds keys only: nothing here sends a request. */
const db = createEntities(new DynamoDBClient({ region: 'us-east-1' }), 'careloop-test');

/** IAM `StringLike`: `*` is any run of characters, `?` any one character, everything else literal. */
function matchesStringLike(pattern: string, value: string): boolean {
  const source = pattern
    .split('')
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, 's').test(value);
}

interface IndexSchema {
  readonly index?: string;
  readonly pk: { readonly composite: readonly string[] };
}
type AnyEntity = {
  readonly schema: { readonly indexes: Record<string, IndexSchema> };
  readonly query: Record<string, (keys: Record<string, string>) => { params(): Record<string, unknown> }>;
};

/** The table partition key ElectroDB writes for one entity, with a sample value for each composite. */
function tablePartitionKey(entity: AnyEntity): string {
  const [indexName, index] = Object.entries(entity.schema.indexes).find(([, i]) => i.index === undefined) ?? [];
  if (!indexName || !index) throw new Error('entity without a table index');
  const keys = Object.fromEntries(index.pk.composite.map((name) => [name, `Sample-${name}`]));
  const query = entity.query[indexName];
  if (!query) throw new Error(`no query for ${indexName}`);
  const params = query(keys).params() as { ExpressionAttributeValues: Record<string, string> };
  const pk = params.ExpressionAttributeValues[':pk'];
  if (typeof pk !== 'string') throw new Error(`no partition key for ${indexName}`);
  return pk;
}

const AUDIT_ITEM = {
  event_id: 'EVT-1',
  subject: 'patient:P-1',
  at: '2026-11-23T12:00:00.000Z',
  actor_id: 'user-1',
  actor_role: 'provider',
  action: 'patient.read',
  outcome: 'success',
} as const;

describe('audit event keys (the IAM deny of infra/constructs/function-configuration.ts)', () => {
  it('matches the partition key ElectroDB writes for every kind of audit subject', () => {
    for (const subject of ['patient:P-1', 'organization:org-1', 'user:USER-1', 'call:call-1', 'organization:all']) {
      const { Item } = db.entities.auditEvent
        .create({ ...AUDIT_ITEM, subject })
        .params<{ Item: Record<string, string> }>();
      const pk = Item[TABLE_SCHEMA.partitionKey];
      expect(pk).toBe(`$careloop#subject_${subject.toLowerCase()}`);
      expect(matchesStringLike(AUDIT_EVENT_PARTITION_KEY_PATTERN, pk ?? '')).toBe(true);
    }
  });

  it("matches no other entity's partition key, so the deny never blocks other writes", () => {
    const entities = db.entities as unknown as Record<string, AnyEntity>;
    const others = Object.entries(entities).filter(([name]) => name !== 'auditEvent');
    expect(others.length).toBeGreaterThan(10);
    for (const [name, entity] of others) {
      const pk = tablePartitionKey(entity);
      expect(pk.startsWith('$careloop#'), name).toBe(true);
      expect(matchesStringLike(AUDIT_EVENT_PARTITION_KEY_PATTERN, pk), `${name}: ${pk}`).toBe(false);
    }
    expect(matchesStringLike(AUDIT_EVENT_PARTITION_KEY_PATTERN, tablePartitionKey(entities.auditEvent!))).toBe(true);
  });

  it("indexes an event by patient only when it carries the patient id (a patient's history is one Query)", () => {
    const about = (patient_id?: string) =>
      db.entities.auditEvent
        .create({ ...AUDIT_ITEM, subject: 'call:call-1', ...(patient_id ? { patient_id } : {}) })
        .params<{ Item: Record<string, string> }>().Item;
    const [, gsi2] = TABLE_SCHEMA.globalIndexes;
    expect(about('P-1')[gsi2.partitionKey]).toBe('$careloop#patient_id_p-1');
    expect(about('P-1')[gsi2.sortKey]).toBe('$audit_event_1#patient_event_at_2026-11-23t12:00:00.000z#evt-1');
    expect(about()).not.toHaveProperty(gsi2.partitionKey);
    expect(about()).not.toHaveProperty(gsi2.sortKey);
  });

  it('checks the matcher itself', () => {
    expect(matchesStringLike('$a#b_*', '$a#b_x')).toBe(true);
    expect(matchesStringLike('$a#b_*', '$a#bx')).toBe(false);
    expect(matchesStringLike('$a#b_*', 'x$a#b_')).toBe(false);
  });
});

describe('DynamoAuditLog', () => {
  /** An audit log whose writes are captured as the request parameters ElectroDB would send. */
  function capture() {
    const sent: Record<string, unknown>[] = [];
    const original = db.entities.auditEvent.create.bind(db.entities.auditEvent);
    const log = new DynamoAuditLog(
      {
        ...db,
        entities: {
          ...db.entities,
          auditEvent: {
            create: (item: Parameters<typeof original>[0]) => {
              const operation = original(item);
              return { go: () => (sent.push(operation.params()), Promise.resolve({ data: item })) };
            },
          },
        },
      } as unknown as typeof db,
      { now: () => new Date('2026-11-23T12:00:00.000Z') },
      { newId: () => 'EVT-1' },
    );
    return { sent, log };
  }

  it('appends with a condition that no item has the key: an existing event is never overwritten', async () => {
    const { sent, log } = capture();
    await log.record({
      actorId: 'user-1',
      actorRole: 'provider',
      actorProviderId: 'org-1',
      action: 'patient.read',
      subject: { type: 'patient', id: 'P-1' },
      patientId: 'P-1',
      outcome: 'success',
      requestId: 'c6af9ac6-7b61-11e6-9a41-93e8deadbeef',
      sourceIp: '203.0.113.7',
    });
    expect(sent).toHaveLength(1);
    const params = sent[0] as { ConditionExpression: string; Item: Record<string, unknown> };
    expect(params.ConditionExpression).toBe('attribute_not_exists(#pk) AND attribute_not_exists(#sk)');
    expect(params.Item).toMatchObject({
      pk: '$careloop#subject_patient:p-1',
      actor_id: 'user-1',
      actor_provider_id: 'org-1',
      patient_id: 'P-1',
      request_id: 'c6af9ac6-7b61-11e6-9a41-93e8deadbeef',
      source_ip: '203.0.113.7',
    });
  });

  it('leaves the request attributes out of an event that has none', async () => {
    const { sent, log } = capture();
    await log.record({
      actorId: 'user-1',
      actorRole: null,
      actorProviderId: null,
      action: 'patient.read',
      subject: { type: 'patient', id: 'P-1' },
      outcome: 'denied',
    });
    const { Item } = sent[0] as { Item: Record<string, unknown> };
    expect(Item).not.toHaveProperty('request_id');
    expect(Item).not.toHaveProperty('source_ip');
  });
});

describe('entities made on first use (issue 27 item 4)', () => {
  /** An entity's state but its client and configuration (each service has its own). */
  const stateOf = (entity: object) =>
    plainData(Object.fromEntries(Object.entries(entity).filter(([key]) => key !== 'client' && key !== 'config')));

  it('makes each entity once, when first used', () => {
    const fresh = createEntities(new DynamoDBClient({ region: 'us-east-1' }), 'careloop-test');
    expect(fresh.entities.patient).toBe(fresh.entities.patient);
    // A transaction over two entities writes with them (the parameters ElectroDB builds).
    const params = fresh
      .transactionOver(['patient', 'auditEvent'])
      .write(({ patient }) => [patient.patch({ patient_id: 'p-1' }).set({ first_name: 'Ann' }).commit()])
      .params();
    const alone = fresh.entities.patient.patch({ patient_id: 'p-1' }).set({ first_name: 'Ann' }).params();
    expect(params.TransactItems).toMatchObject([{ Update: alone }]);
    expect(params.TransactItems).toHaveLength(1);
  });

  it('makes every entity as an ElectroDB Service joins it, and they still join into one (collections agree)', () => {
    const config = { client: new DynamoDBClient({ region: 'us-east-1' }), table: 'careloop-test' };
    const joined = new Service({ ...allEntities(config) }, config).entities as unknown as Record<string, object>;
    const lazy = db.entities as unknown as Record<string, object>;
    expect(Object.keys(lazy).sort()).toEqual(Object.keys(joined).sort());
    for (const [name, entity] of Object.entries(joined))
      expect(stateOf(lazy[name] ?? {}), name).toEqual(stateOf(entity));
  });
});
