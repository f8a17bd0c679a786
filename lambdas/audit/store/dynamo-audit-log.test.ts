/**
 * recordMany over many events (an export's event per patient): transactions of 100 creates, up to
 * AUDIT_TRANSACTIONS_AT_ONCE in flight, every event once; a refused transaction fails the whole call
 * after what was sent has settled, and nothing more is sent. (The requests ElectroDB builds are held
 * in platform/dynamodb/entities.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../kernel/audit-entry';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { AUDIT_TRANSACTIONS_AT_ONCE, DynamoAuditLog } from './dynamo-audit-log';

const entry = (i: number): AuditEntry => ({
  actorId: 'user-1',
  actorRole: 'provider',
  actorProviderId: 'org-1',
  action: 'billing_report.export',
  subject: { type: 'organization', id: 'org-1' },
  patientId: `P-${i}`,
  outcome: 'success',
});

/** A table whose transactions answer when the test lets them, recording what each carried. */
function table(refuse: (index: number) => boolean = () => false) {
  const sent: { patientIds: string[]; settled: boolean }[] = [];
  const waiting: (() => void)[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const db = {
    transactionOver: (names: string[]) => {
      expect(names).toEqual(['auditEvent']);
      return {
        write: (build: (entities: unknown) => { patient_id: string }[]) => ({
          go: async () => {
            const items = build({ auditEvent: { create: (item: unknown) => ({ commit: () => item }) } });
            const record = { patientIds: items.map((i) => i.patient_id), settled: false };
            const index = sent.push(record) - 1;
            inFlight++;
            mostInFlight = Math.max(mostInFlight, inFlight);
            await new Promise<void>((resolve) => waiting.push(resolve));
            inFlight--;
            record.settled = true;
            return { canceled: refuse(index), data: [] };
          },
        }),
      };
    },
  } as unknown as CareLoopService;
  let n = 0;
  const log = new DynamoAuditLog(db, { now: () => new Date('2026-11-29T12:00:00.000Z') }, { newId: () => `E-${n++}` });
  /** Lets every transaction now waiting answer, then lets the next ones start. */
  const answerAll = async () => {
    while (waiting.length > 0) waiting.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { log, sent, answerAll, mostInFlight: () => mostInFlight, waiting: () => waiting.length };
}

describe('DynamoAuditLog.recordMany', () => {
  it(`writes 2,050 events in 21 transactions, ${AUDIT_TRANSACTIONS_AT_ONCE} at a time, each event once`, async () => {
    const t = table();
    const done = t.log.recordMany(Array.from({ length: 2_050 }, (_, i) => entry(i)));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(t.waiting()).toBe(AUDIT_TRANSACTIONS_AT_ONCE);
    while (t.waiting() > 0) await t.answerAll();
    await done;
    expect(t.sent.map((s) => s.patientIds.length)).toEqual([...Array<number>(20).fill(100), 50]);
    expect(t.sent.flatMap((s) => s.patientIds).sort()).toEqual(
      Array.from({ length: 2_050 }, (_, i) => `P-${i}`).sort(),
    );
    expect(t.mostInFlight()).toBe(AUDIT_TRANSACTIONS_AT_ONCE);
  });

  it('sends one transaction for a page of 25, and none for no events', async () => {
    const t = table();
    const page = t.log.recordMany(Array.from({ length: 25 }, (_, i) => entry(i)));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await t.answerAll();
    await page;
    await t.log.recordMany([]);
    expect(t.sent.map((s) => s.patientIds.length)).toEqual([25]);
  });

  it('fails when a transaction is refused, once those in flight have settled, and sends no more', async () => {
    const t = table((index) => index === 1);
    const outcome = t.log.recordMany(Array.from({ length: 2_050 }, (_, i) => entry(i))).then(
      () => null,
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    while (t.waiting() > 0) await t.answerAll();
    expect(await outcome).toEqual(new Error('audit events were not recorded'));
    // The refusal of the second transaction stopped the rest: only those already under way were sent.
    expect(t.sent.length).toBeLessThan(2 * AUDIT_TRANSACTIONS_AT_ONCE);
    expect(t.sent.every((s) => s.settled)).toBe(true);
  });
});
