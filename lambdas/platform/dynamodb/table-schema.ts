/**
 * The one table's shape: key names, global secondary indexes and the TTL attribute.
 * Single source for the CDK table (infra/), the local table (lambdas/local/) and the test tables.
 */
export const TABLE_SCHEMA = {
  partitionKey: 'pk',
  sortKey: 'sk',
  globalIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
  timeToLiveAttribute: 'expires_at',
  /** The table's stream: each change with the item before and after (the audit archive reads it). */
  streamViewType: 'NEW_AND_OLD_IMAGES',
} as const;

/** ElectroDB service of every entity: each partition key it writes starts with `$careloop#`. */
export const ELECTRODB_SERVICE = 'careloop';

/**
 * IAM `StringLike` pattern (`dynamodb:LeadingKeys`) of the partition key of every audit event, and
 * of no other item: ElectroDB writes the audit_event key as `$<service>#subject_<subject>`, and no
 * other entity's partition key starts with a `subject` composite. The function roles deny updating
 * and deleting items under it (infra/constructs/function-configuration.ts); entities.test.ts builds
 * the keys of every entity with ElectroDB and checks both, so the two cannot drift apart.
 */
export const AUDIT_EVENT_PARTITION_KEY_PATTERN = `$${ELECTRODB_SERVICE}#subject_*`;

/** CreateTable input derived from the schema (used by the local stack and tests; CDK maps the same schema). */
export function createTableInput(tableName: string) {
  const { partitionKey, sortKey, globalIndexes } = TABLE_SCHEMA;
  const keyNames = [partitionKey, sortKey, ...globalIndexes.flatMap((i) => [i.partitionKey, i.sortKey])];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' as const },
      { AttributeName: sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: globalIndexes.map((i) => ({
      IndexName: i.indexName,
      KeySchema: [
        { AttributeName: i.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: i.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
    StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE_SCHEMA.streamViewType },
  };
}

/** The attribute in which ElectroDB names each item's entity (`audit_event`, `patient`, …). */
export const ENTITY_ATTRIBUTE = '__edb_e__';

/**
 * The Lambda event filter patterns (Lambda's filter syntax, as data) that pass a table-stream job the
 * changes of the given entities: each new item, and each change or removal of an existing one. The
 * CDK's event source mapping and the local stream reader use the same patterns.
 */
export function streamFilterPatterns(entities: readonly string[]) {
  return [
    { eventName: ['INSERT'], dynamodb: { NewImage: { [ENTITY_ATTRIBUTE]: { S: [...entities] } } } },
    { eventName: ['MODIFY', 'REMOVE'], dynamodb: { OldImage: { [ENTITY_ATTRIBUTE]: { S: [...entities] } } } },
  ];
}
