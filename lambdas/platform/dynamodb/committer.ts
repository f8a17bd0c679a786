/**
 * The one committer of write plans (kernel/write-plan.ts): the plan's transaction through
 * ElectroDB, all or nothing, then its after-commit writes one by one. It holds no product rule:
 * what to write, and on which condition, is the plan's.
 */
import type { ItemWrite, WriteCommitter, WriteCondition, WritePlan } from '../../kernel/write-plan';
import { logger } from '../../kernel/observability';
import type { Entity, Schema, TransactWriteEntity } from 'electrodb';
import { isConditionFailure } from './conditions';
import type { CareLoopService } from './entities';

/** ElectroDB's where() operators this committer uses. */
interface WhereOps {
  eq(attribute: unknown, value: unknown): string;
  notExists(attribute: unknown): string;
}

/** The chain an ElectroDB write builds, as far as a plan drives it. */
interface WriteChain {
  set(values: Record<string, unknown>): WriteChain;
  add(values: Record<string, number>): WriteChain;
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
  return (attributes: Record<string, unknown>, { eq, notExists }: WhereOps): string =>
    [
      ...(when.missing ?? []).map((name) => notExists(attributes[name])),
      ...Object.entries(when.equal ?? {}).map(([name, value]) => eq(attributes[name], value)),
      ...Object.entries(when.oneOf ?? {}).map(
        ([name, values]) => `(${values.map((value) => eq(attributes[name], value)).join(' OR ')})`,
      ),
    ].join(' AND ');
}

/**
 * The ElectroDB write a plan's item names, on an entity of the table (`TableEntity`) or of a
 * transaction (`TransactionEntity`): the calls are ElectroDB's own, so the IAM derivation
 * (test/infra/code-permissions.ts) sees each action a committed plan may issue.
 */
function chainOf(entities: Readonly<Record<string, TableEntity | TransactionEntity>>, write: ItemWrite): WriteChain {
  const entity = entities[write.entity];
  if (!entity) throw new Error(`A write plan names no entity "${write.entity}"`);
  let chain = begin(entity, write);
  if (write.op === 'create') return chain;
  if (write.set && Object.keys(write.set).length > 0) chain = chain.set({ ...write.set });
  if (write.add && Object.keys(write.add).length > 0) chain = chain.add({ ...write.add });
  if (write.op === 'patch' && write.remove?.length) chain = chain.remove(write.remove);
  if (write.op === 'patch' && write.when) chain = chain.where(whereOf(write.when));
  return chain;
}

function begin(entity: TableEntity | TransactionEntity, write: ItemWrite): WriteChain {
  const target = entity as TableEntity;
  if (write.op === 'create') return target.create({ ...write.item } as never) as unknown as WriteChain;
  if (write.op === 'patch') return target.patch({ ...write.key } as never) as unknown as WriteChain;
  return target.update({ ...write.key } as never) as unknown as WriteChain;
}

export class DynamoWriteCommitter implements WriteCommitter {
  constructor(private readonly db: CareLoopService) {}

  async commit(plan: WritePlan): Promise<'committed' | 'conflict'> {
    if (plan.transaction.length > 0) {
      const result = await this.db.transaction
        .write(
          (entities) =>
            plan.transaction.map((write) =>
              chainOf(entities as unknown as Record<string, TransactionEntity>, write).commit(),
            ) as never,
        )
        .go();
      if (result.canceled) return 'conflict';
    }
    const entities = this.db.entities as unknown as Record<string, TableEntity>;
    for (const write of plan.afterCommit) {
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
