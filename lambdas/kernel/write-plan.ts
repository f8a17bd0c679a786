/**
 * Writes as plans (docs/architecture.md "Writes as plans"): a use case decides what a change
 * writes (the record, its read models, its counters) and returns it as plain data; one committer
 * (platform/dynamodb/committer.ts) runs the plan's transaction, all or nothing, then its
 * after-commit writes. The entities and attributes are the table's (platform/dynamodb/entities).
 */

/** What must hold of the item for the write to happen: attributes missing, equal to, or one of. */
export interface WriteCondition {
  readonly missing?: readonly string[];
  readonly equal?: Readonly<Record<string, string | number | boolean>>;
  readonly oneOf?: Readonly<Record<string, readonly (string | number | boolean)[]>>;
}

export type ItemWrite =
  /** A new item; the write fails when it exists. */
  | { readonly op: 'create'; readonly entity: string; readonly item: Readonly<Record<string, unknown>> }
  /** A change to an item that must exist (and meet `when`). */
  | {
      readonly op: 'patch';
      readonly entity: string;
      readonly key: Readonly<Record<string, string>>;
      readonly set?: Readonly<Record<string, unknown>>;
      readonly add?: Readonly<Record<string, number>>;
      readonly remove?: readonly string[];
      readonly when?: WriteCondition;
    }
  /** A change that creates the item when it is missing (counters, read-model totals). */
  | {
      readonly op: 'upsert';
      readonly entity: string;
      readonly key: Readonly<Record<string, string>>;
      readonly set?: Readonly<Record<string, unknown>>;
      readonly add?: Readonly<Record<string, number>>;
    };

export interface WritePlan {
  /** Written together in one transaction: all, or none when a condition fails. */
  readonly transaction: readonly ItemWrite[];
  /**
   * Written one by one once the transaction committed (a lock released, a version moved); a failed
   * condition or write is logged and never undoes the transaction.
   */
  readonly afterCommit: readonly ItemWrite[];
}

export interface WriteCommitter {
  /** `conflict`: a condition of the transaction failed and nothing was written. */
  commit(plan: WritePlan): Promise<'committed' | 'conflict'>;
}

/** The values that are set: a plan never carries `undefined` (DynamoDB cannot store it). */
export function definedValues(values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}
