/**
 * The one committer of write plans (kernel/write-plan.ts): the plan's transaction through
 * ElectroDB, all or nothing, then its after-commit writes one by one. It holds no product rule:
 * what to write, and on which condition, is the plan's.
 */
import type { CommitOutcome, ItemWrite, WriteCommitter, WriteCondition, WritePlan } from '../../kernel/write-plan';
import { logger } from '../../kernel/observability';
import type { Entity, Schema, TransactWriteEntity } from 'electrodb';
import { isConditionFailure } from './conditions';
import type { CareLoopService, EntityName } from './entities';

/** ElectroDB's where() operators this committer uses. */
interface WhereOps {
  eq(attribute: unknown, value: unknown): string;
  ne(attribute: unknown, value: unknown): string;
  lt(attribute: unknown, value: unknown): string;
  lte(attribute: unknown, value: unknown): string;
  exists(attribute: unknown): string;
  notExists(attribute: unknown): string;
}

/** ElectroDB's data() operators this committer uses. */
interface DataOps {
  add(attribute: unknown, value: number, ifMissing: number): void;
  subtract(attribute: unknown, value: number, ifMissing: number): void;
}

/** The chain an ElectroDB write builds, as far as a plan drives it. */
interface WriteChain {
  set(values: Record<string, unknown>): WriteChain;
  add(values: Record<string, number>): WriteChain;
  data(build: (attributes: Record<string, unknown>, ops: DataOps) => void): WriteChain;
  remove(attributes: readonly string[]): WriteChain;
  where(build: (attributes: Record<string, unknown>, ops: WhereOps) => string): WriteChain;
  commit(): unknown;
  go(): Promise<unknown>;
}

/** Any entity of the table, as a plan names it (the plan's data is checked by ElectroDB at run time). */
type AnySchema = Schema<string, string, string>;
type TableEntity = Entity<string, string, string, AnySchema>;
type TransactionEntity = TransactWriteEntity<string, string, string, AnySchema>;

/** The condition as ElectroDB's expression over the item's attributes. */
function whereOf(when: WriteCondition) {
  return (attributes: Record<string, unknown>, ops: WhereOps): string => {
    const { eq, ne, lt, lte, exists, notExists } = ops;
    const each = <V>(
      values: Readonly<Record<string, V>> | undefined,
      clause: (attribute: unknown, value: V) => string,
    ) => Object.entries(values ?? {}).map(([name, value]) => clause(attributes[name], value));
    const missingOr = when.missingOr ?? {};
    return [
      ...(when.missing ?? []).map((name) => notExists(attributes[name])),
      ...(when.present ?? []).map((name) => exists(attributes[name])),
      ...each(when.equal, eq),
      ...each(when.notEqual, ne),
      ...each(when.below, lt),
      ...each(when.oneOf, (attribute, values) => `(${values.map((value) => eq(attribute, value)).join(' OR ')})`),
      ...each(missingOr.equal, (attribute, value) => `(${notExists(attribute)} OR ${eq(attribute, value)})`),
      ...each(missingOr.below, (attribute, value) => `(${notExists(attribute)} OR ${lt(attribute, value)})`),
      ...each(missingOr.atMost, (attribute, value) => `(${notExists(attribute)} OR ${lte(attribute, value)})`),
    ].join(' AND ');
  };
}

/**
 * The ElectroDB write a plan's item names, on an entity of the table (`TableEntity`) or of a
 * transaction (`TransactionEntity`): the calls are ElectroDB's own, so the IAM derivation
 * (test/infra/code-permissions.ts) sees each action a committed plan may issue.
 */
function chainOf(
  entities: Readonly<Record<string, TableEntity | TransactionEntity>>,
  write: ItemWrite<string>,
): WriteChain {
  const entity = entities[write.entity];
  if (!entity) throw new Error(`A write plan names no entity "${write.entity}"`);
  let chain = begin(entity, write);
  if (write.op === 'patch' || write.op === 'upsert') {
    if (write.set && Object.keys(write.set).length > 0) chain = chain.set({ ...write.set });
    if (write.add && Object.keys(write.add).length > 0) chain = chain.add({ ...write.add });
    const from = Object.entries(write.addFrom ?? {});
    if (from.length > 0) {
      chain = chain.data((attributes, { add, subtract }) => {
        for (const [name, { by, ifMissing }] of from) {
          if (by < 0) subtract(attributes[name], -by, ifMissing);
          else add(attributes[name], by, ifMissing);
        }
      });
    }
    if (write.remove?.length) chain = chain.remove(write.remove);
  }
  if (write.op !== 'create' && write.when) chain = chain.where(whereOf(write.when));
  return chain;
}

function begin(entity: TableEntity | TransactionEntity, write: ItemWrite<string>): WriteChain {
  const target = entity as TableEntity;
  switch (write.op) {
    case 'create':
      return target.create({ ...write.item } as never) as unknown as WriteChain;
    case 'put':
      return target.put({ ...write.item } as never) as unknown as WriteChain;
    case 'patch':
      return target.patch({ ...write.key } as never) as unknown as WriteChain;
    case 'upsert':
      return target.update({ ...write.key } as never) as unknown as WriteChain;
    case 'delete':
      return target.delete({ ...write.key } as never) as unknown as WriteChain;
    case 'check':
      // Only a transaction's entities offer it.
      return (entity as TransactionEntity).check({ ...write.key } as never) as unknown as WriteChain;
  }
}

/**
 * How many times a transaction another one clashed with is sent (DynamoDB cancels both sides of a
 * concurrent write to one item with `TransactionConflict`, applying neither): the plan's conditions
 * are read afresh each time, so a retry never writes what a condition would refuse.
 */
export const CLASH_ATTEMPTS = 3;

/** Why DynamoDB cancelled each item of a transaction (ElectroDB's `code`: `None` for an item that was fine). */
type CancelReasons = readonly ({ code?: string } | undefined)[];

export class DynamoWriteCommitter implements WriteCommitter {
  constructor(
    private readonly db: CareLoopService,
    /** The pause before a clashed transaction is sent again (tests pass none). */
    private readonly pause: (attempt: number) => Promise<void> = (attempt) =>
      new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt + Math.random() * 20)),
  ) {}

  async commit<R extends string = never>(plan: WritePlan<R>): Promise<CommitOutcome<R>> {
    if (plan.transaction.length > 0) {
      for (let attempt = 1; ; attempt++) {
        // A transaction over the entities its items name (entities are made on first use: entities.ts).
        const names = [...new Set(plan.transaction.map((write) => write.entity as EntityName))];
        const result = await this.db
          .transactionOver(names)
          .write(
            (entities) =>
              plan.transaction.map((write) =>
                chainOf(entities as unknown as Record<string, TransactionEntity>, write).commit(),
              ) as never,
          )
          .go();
        if (!result.canceled) break;
        const reasons = result.data as CancelReasons;
        // Only a condition that failed is the plan's refusal. A clash with another transaction (or a
        // throttled item) says nothing of the item: read as its refusal, a clash on the call lines would
        // have said "no free line", and a clashing report would have been taken as already stored.
        const failed = reasons.findIndex((reason) => reason?.code === 'ConditionalCheckFailed');
        if (failed >= 0) return plan.transaction[failed]?.refusal ?? 'conflict';
        const clashed = reasons.some(
          (reason) => reason?.code === 'TransactionConflict' || /Throttl|Throughput/.test(reason?.code ?? ''),
        );
        if (!clashed || attempt >= CLASH_ATTEMPTS) {
          // Codes only: what cancelled which item, never the items.
          logger.warn('transaction cancelled', { codes: reasons.map((reason) => reason?.code ?? 'None'), attempt });
          return 'conflict';
        }
        await this.pause(attempt);
      }
    }
    const entities = this.db.entities as unknown as Record<string, TableEntity>;
    // A check guards a transaction: after the commit it has nothing to write.
    for (const write of plan.afterCommit.filter((w) => w.op !== 'check')) {
      await chainOf(entities, write)
        .go()
        .catch((error: unknown) => {
          // A condition that no longer holds means the write is not needed (a lock already released).
          if (isConditionFailure(error)) return;
          // Ids and codes only: the entity and the error's name.
          logger.warn('after-commit write failed', { entity: write.entity, errorName: (error as Error).name });
        });
    }
    return 'committed';
  }
}
