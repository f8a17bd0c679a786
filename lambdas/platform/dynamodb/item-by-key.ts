/**
 * A read by key past ElectroDB (issue 27 items 4 and 5: the table layer's own cost). ElectroDB's
 * `get().go()` builds, validates and formats each read: measured in one process on DynamoDB Local,
 * 1.76 ms of CPU per GetItem against 1.13 ms for the same GetItem sent as it is (2,000 each,
 * alternating). This reader builds the key the way ElectroDB does for the table's entities (their
 * keys are composed by entities/common.ts, some within a collection, and nothing else: no
 * templates, casing, field names or getters; padded numbers are padded) and answers what
 * ElectroDB's get answers: the item as its entity's attributes, or null when no item is there or
 * the item is another entity's. It sends through the same coalescing client, so it still joins the
 * reads by key started beside it. item-by-key.test.ts holds its keys to ElectroDB's own for every
 * entity of the table, and its answers to ElectroDB's.
 */
import { GetCommand, type GetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { EntityItem } from 'electrodb';
import { tableOf, type CareLoopService } from './entities';

type Entities = CareLoopService['entities'];

/** The parts of an ElectroDB schema this reader uses. */
interface SchemaParts {
  model: { entity: string; version: string; service: string };
  attributes: Record<string, { type: unknown; padding?: { length: number; char: string } }>;
  indexes: Record<
    string,
    {
      index?: string;
      collection?: string;
      pk: { field: string; composite: readonly string[] };
      sk: { field: string; composite: readonly string[] };
    }
  >;
}

/** ElectroDB's identifier attributes: which entity and version an item is. */
const ENTITY_FIELD = '__edb_e__';
const VERSION_FIELD = '__edb_v__';

/** The primary index of a schema: the one without an index name. */
function primaryIndexOf(schema: SchemaParts) {
  const primary = Object.values(schema.indexes).find((index) => index.index === undefined);
  if (!primary) throw new Error(`item-by-key: entity ${schema.model.entity} has no primary index`);
  return primary;
}

/** The table key of an entity's item, as ElectroDB composes it (keys are lower case). */
export function primaryKeyOf(schema: SchemaParts, values: Readonly<Record<string, string>>): Record<string, string> {
  const { pk, sk, collection } = primaryIndexOf(schema);
  const part = (name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`item-by-key: the key of ${schema.model.entity} needs ${name}`);
    // A padded attribute (a number that sorts as text) is padded in keys, as ElectroDB pads it.
    const padding = schema.attributes[name]?.padding;
    return `${name}_${padding?.length && padding.char ? value.padStart(padding.length, padding.char) : value}`;
  };
  const { entity, version, service } = schema.model;
  return {
    [pk.field]: `$${service}#${pk.composite.map(part).join('#')}`.toLowerCase(),
    // An entity of a collection (items of several entities read together) starts with its name.
    [sk.field]: `$${collection ? `${collection}#` : ''}${entity}_${version}${sk.composite
      .map((name) => `#${part(name)}`)
      .join('')}`.toLowerCase(),
  };
}

/** The stored item as the entity's attributes (what ElectroDB's get answers), or null if it is not one of them. */
export function asEntityItem(
  schema: SchemaParts,
  item: Record<string, unknown> | undefined,
): Record<string, unknown> | null {
  if (!item || item[ENTITY_FIELD] !== schema.model.entity || item[VERSION_FIELD] !== schema.model.version) return null;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(schema.attributes)) if (item[name] !== undefined) out[name] = item[name];
  return out;
}

/** The schemas already found plain (checked once, not on every read). */
const CHECKED = new WeakSet<object>();

/** Attribute types this reader answers as ElectroDB does (see `itemByKey`). */
const PLAIN_TYPES = new Set(['string', 'number', 'boolean', 'list']);

/** Refuses an entity with a map or set attribute (a list of maps included), whose items ElectroDB reshapes. */
export function assertPlainAttributes(schema: SchemaParts): void {
  for (const [name, attribute] of Object.entries(schema.attributes)) {
    const { type, items } = attribute as { type: unknown; items?: { type?: unknown } };
    const plain = Array.isArray(type) || (typeof type === 'string' && PLAIN_TYPES.has(type));
    const plainItems =
      type !== 'list' || items?.type === undefined || items.type === 'string' || items.type === 'number';
    if (!plain || !plainItems) {
      throw new Error(`item-by-key: ${schema.model.entity}.${name} is a ${String(type)}: read it through ElectroDB`);
    }
  }
}

/**
 * One item by its primary key, or null: ElectroDB's `db.entities[entity].get(key).go()` without
 * ElectroDB's work per read. Only for entities whose attributes are strings, numbers, booleans and
 * lists: ElectroDB rebuilds a map from its declared properties (leaving out other keys, and an empty
 * optional map altogether) and a set into a list, which this reader does not do, so it refuses them.
 */
export async function itemByKey<N extends keyof Entities>(
  db: CareLoopService,
  entity: N,
  key: Readonly<Record<string, string>>,
): Promise<EntityItem<Entities[N]> | null> {
  const schema = db.entities[entity].schema as unknown as SchemaParts;
  if (!CHECKED.has(schema)) {
    assertPlainAttributes(schema);
    CHECKED.add(schema);
  }
  const { client, table } = tableOf(db);
  const { Item } = (await client.send(
    new GetCommand({ TableName: table, Key: primaryKeyOf(schema, key) }),
  )) as GetCommandOutput;
  return asEntityItem(schema, Item) as EntityItem<Entities[N]> | null;
}
