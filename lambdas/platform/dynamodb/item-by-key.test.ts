import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { createEntities } from './entities';
import { asEntityItem, assertPlainAttributes, primaryKeyOf } from './item-by-key';

const db = createEntities(new DynamoDBClient({ region: 'us-east-1' }), 'careloop-test');

type Attribute = { type: unknown; items?: { type?: unknown }; properties?: Record<string, Attribute> };
type Schema = Parameters<typeof primaryKeyOf>[0] & { attributes: Record<string, Attribute> };

/** A value ElectroDB accepts for an attribute: key parts in mixed case, to show the keys' casing. */
function valueOf(name: string, attribute: Attribute): unknown {
  const { type } = attribute;
  if (Array.isArray(type)) return type[0];
  switch (type) {
    case 'number':
      return 7;
    case 'boolean':
      return true;
    case 'list':
      return attribute.items?.type === 'map' ? [] : ['Item-A'];
    case 'map':
      return Object.fromEntries(
        Object.entries(attribute.properties ?? {}).map(([key, inner]) => [key, valueOf(key, inner)]),
      );
    default:
      return `${name}-Value-ÄB`;
  }
}

const ENTITIES = Object.entries(db.entities).map(([name, entity]) => ({
  name,
  entity,
  schema: entity.schema as unknown as Schema,
}));

describe('reads by key past ElectroDB (item-by-key.ts)', () => {
  it.each(ENTITIES)("builds $name's table key exactly as ElectroDB does", ({ entity, schema }) => {
    const values = Object.fromEntries(
      Object.entries(schema.attributes).map(([name, attribute]) => [name, String(valueOf(name, attribute))]),
    );
    const params = (entity as unknown as { get(key: object): { params(): { Key: object } } }).get(values).params();
    expect(primaryKeyOf(schema, values)).toEqual(params.Key);
  });

  it.each(ENTITIES)("answers $name's stored item as ElectroDB's get does", ({ entity, schema }) => {
    const item = Object.fromEntries(
      Object.entries(schema.attributes).map(([name, attribute]) => [name, valueOf(name, attribute)]),
    );
    const typed = entity as unknown as {
      put(item: object): { params(): { Item: Record<string, unknown> } };
      parse(response: { Item: Record<string, unknown> }): { data: unknown };
    };
    const stored = typed.put(item).params().Item;
    expect(asEntityItem(schema, stored)).toEqual(typed.parse({ Item: stored }).data);
    // Another entity's item, or another version's, is not this entity's: ElectroDB answers none.
    expect(asEntityItem(schema, { ...stored, __edb_e__: 'another_entity' })).toBeNull();
    expect(asEntityItem(schema, { ...stored, __edb_v__: '2' })).toBeNull();
    expect(asEntityItem(schema, undefined)).toBeNull();
  });

  it('leaves out what is stored beside the attributes: keys, identifiers, fields of no attribute', () => {
    const schema = db.entities.userProfile.schema as unknown as Schema;
    const stored = {
      pk: '$careloop#user_id_u-1',
      sk: '$user_profile_1',
      gsi2pk: '$careloop#status_active',
      __edb_e__: 'user_profile',
      __edb_v__: '1',
      user_id: 'u-1',
      status: 'active',
      retired_field: 'x',
    };
    expect(asEntityItem(schema, stored)).toEqual({ user_id: 'u-1', status: 'active' });
  });

  it('reads the user profile, and refuses entities whose maps ElectroDB reshapes', () => {
    expect(() => assertPlainAttributes(db.entities.userProfile.schema as unknown as Schema)).not.toThrow();
    for (const entity of [db.entities.patient, db.entities.organization, db.entities.callLog]) {
      expect(() => assertPlainAttributes(entity.schema as unknown as Schema)).toThrow('read it through ElectroDB');
    }
  });

  it('refuses a key without its parts rather than reading another item', () => {
    const schema = db.entities.userProfile.schema as unknown as Schema;
    expect(() => primaryKeyOf(schema, {})).toThrow('needs user_id');
  });
});
