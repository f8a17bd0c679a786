import { describe, expect, it } from 'vitest';
import { estimatedUnits } from './dynamo-usage';

describe('the units of a request DynamoDB did not price', () => {
  it('counts a transaction twice per item, a read half a unit per item, a write one', () => {
    expect(estimatedUnits('TransactWriteItems', { TransactItems: [{}, {}, {}] })).toEqual({ read: 0, write: 6 });
    expect(estimatedUnits('TransactGetItems', { TransactItems: [{}, {}] })).toEqual({ read: 4, write: 0 });
    expect(estimatedUnits('GetItem', {})).toEqual({ read: 0.5, write: 0 });
    expect(estimatedUnits('Query', {})).toEqual({ read: 0.5, write: 0 });
    expect(estimatedUnits('BatchGetItem', { RequestItems: { t: { Keys: [{}, {}, {}, {}] } } })).toEqual({
      read: 2,
      write: 0,
    });
    expect(estimatedUnits('BatchWriteItem', { RequestItems: { t: [{}, {}] } })).toEqual({ read: 0, write: 2 });
    expect(estimatedUnits('UpdateItem', {})).toEqual({ read: 0, write: 1 });
  });
});
