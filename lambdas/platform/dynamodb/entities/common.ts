import { TABLE_SCHEMA } from '../table-schema';

/**
 * What the entities of the single table share: their key fields, taken from TABLE_SCHEMA
 * (every access pattern is listed in docs/access-patterns.md with the index that serves it).
 */
const [GSI1, GSI2, GSI3] = TABLE_SCHEMA.globalIndexes;

export const primary = <const P extends readonly string[], const S extends readonly string[]>(pk: P, sk: S) => ({
  pk: { field: TABLE_SCHEMA.partitionKey, composite: pk },
  sk: { field: TABLE_SCHEMA.sortKey, composite: sk },
});
export const gsi1 = <const P extends readonly string[], const S extends readonly string[]>(pk: P, sk: S) => ({
  index: GSI1.indexName,
  pk: { field: GSI1.partitionKey, composite: pk },
  sk: { field: GSI1.sortKey, composite: sk },
});
export const gsi2 = <const P extends readonly string[], const S extends readonly string[]>(pk: P, sk: S) => ({
  index: GSI2.indexName,
  pk: { field: GSI2.partitionKey, composite: pk },
  sk: { field: GSI2.sortKey, composite: sk },
});
export const gsi3 = <const P extends readonly string[], const S extends readonly string[]>(pk: P, sk: S) => ({
  index: GSI3.indexName,
  pk: { field: GSI3.partitionKey, composite: pk },
  sk: { field: GSI3.sortKey, composite: sk },
});

/** Status of the records that are archived rather than removed (organizations, patients). */
export const RECORD_STATUS = ['active', 'archived'] as const;
