/**
 * Writes as plans (docs/architecture.md "Writes as plans"): a use case decides what a change
 * writes (the record, its read models, its counters, its audit event) and returns it as plain
 * data; one committer (platform/dynamodb/committer.ts) runs the plan's transaction, all or nothing,
 * then its after-commit writes. The entities and attributes are the table's
 * (platform/dynamodb/entities).
 */

type Scalar = string | number | boolean;

/**
 * What must hold of the item for the write to happen; every part must hold. `missingOr` parts hold
 * when the attribute is missing or compares as named (a cap not reached, a flag not set).
 */
export interface WriteCondition {
  readonly missing?: readonly string[];
  readonly present?: readonly string[];
  readonly equal?: Readonly<Record<string, Scalar>>;
  readonly notEqual?: Readonly<Record<string, Scalar>>;
  readonly oneOf?: Readonly<Record<string, readonly Scalar[]>>;
  readonly below?: Readonly<Record<string, string | number>>;
  readonly missingOr?: {
    readonly equal?: Readonly<Record<string, Scalar>>;
    readonly below?: Readonly<Record<string, string | number>>;
    readonly atMost?: Readonly<Record<string, string | number>>;
  };
}

/** What a write's failed condition means, as the use case names it (`conflict` when unnamed). */
interface Refusal<R extends string> {
  readonly refusal?: R;
}

/** Amounts to add to numbers; `addFrom` starts a missing number at `ifMissing` (a count taken first). */
interface Amounts {
  readonly set?: Readonly<Record<string, unknown>>;
  /** Negative amounts subtract; a missing number starts at 0. */
  readonly add?: Readonly<Record<string, number>>;
  readonly addFrom?: Readonly<Record<string, { readonly by: number; readonly ifMissing: number }>>;
}

export type ItemWrite<R extends string = never> =
  /** A new item; the write fails when it exists. */
  | ({ readonly op: 'create'; readonly entity: string; readonly item: Readonly<Record<string, unknown>> } & Refusal<R>)
  /** The whole item, created or replaced (meeting `when`, if given). */
  | ({
      readonly op: 'put';
      readonly entity: string;
      readonly item: Readonly<Record<string, unknown>>;
      readonly when?: WriteCondition;
    } & Refusal<R>)
  /** A change to an item that must exist (and meet `when`). */
  | ({
      readonly op: 'patch';
      readonly entity: string;
      readonly key: Readonly<Record<string, string>>;
      readonly remove?: readonly string[];
      readonly when?: WriteCondition;
    } & Amounts &
      Refusal<R>)
  /** A change that creates the item when it is missing (counters, read-model totals). */
  | ({
      readonly op: 'upsert';
      readonly entity: string;
      readonly key: Readonly<Record<string, string>>;
      readonly remove?: readonly string[];
      readonly when?: WriteCondition;
    } & Amounts &
      Refusal<R>)
  /** The item removed (meeting `when`, if given); removing a missing item is no failure. */
  | ({
      readonly op: 'delete';
      readonly entity: string;
      readonly key: Readonly<Record<string, string>>;
      readonly when?: WriteCondition;
    } & Refusal<R>)
  /**
   * Nothing written: the transaction holds only while the item meets `when` (a missing item meets
   * the conditions on missing attributes). It guards a transaction; after the commit it does nothing.
   */
  | ({
      readonly op: 'check';
      readonly entity: string;
      readonly key: Readonly<Record<string, string>>;
      readonly when: WriteCondition;
    } & Refusal<R>);

export interface WritePlan<R extends string = never> {
  /** Written together in one transaction: all, or none when a condition fails. */
  readonly transaction: readonly ItemWrite<R>[];
  /**
   * Written one by one once the transaction committed (a lock released, a version moved); a failed
   * condition or write is logged and never undoes the transaction.
   */
  readonly afterCommit: readonly ItemWrite[];
}

/**
 * A refused plan answers the `refusal` of the first write whose condition failed, in the plan's
 * order, or `conflict` when that write names none.
 */
export type CommitOutcome<R extends string> = 'committed' | 'conflict' | R;

export interface WriteCommitter {
  /** Nothing of the transaction is written unless the answer is `committed`. */
  commit<R extends string = never>(plan: WritePlan<R>): Promise<CommitOutcome<R>>;
}

/** The values that are set: a plan never carries `undefined` (DynamoDB cannot store it). */
export function definedValues(values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

/** Plans written together, in order (a change and its audit event, its read models). */
export function joinPlans<R extends string>(...plans: readonly WritePlan<R>[]): WritePlan<R> {
  return {
    transaction: plans.flatMap((plan) => plan.transaction),
    afterCommit: plans.flatMap((plan) => plan.afterCommit),
  };
}
