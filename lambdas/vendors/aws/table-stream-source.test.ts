import { describe, expect, it } from 'vitest';
import { streamFilterPatterns } from '../../platform/dynamodb/table-schema';
import { matchesPattern } from './table-stream-source';

const record = (eventName: string, image: 'NewImage' | 'OldImage', entity: string) => ({
  eventName,
  dynamodb: { [image]: { __edb_e__: { S: entity }, event_id: { S: 'e1' } } },
});
const passes = (r: unknown) => streamFilterPatterns(['audit_event']).some((pattern) => matchesPattern(r, pattern));

describe("the audit archive's stream filter, as the local mapping applies it", () => {
  it('passes new audit items and changed or removed ones, nothing else', () => {
    expect(passes(record('INSERT', 'NewImage', 'audit_event'))).toBe(true);
    expect(passes(record('MODIFY', 'OldImage', 'audit_event'))).toBe(true);
    expect(passes(record('REMOVE', 'OldImage', 'audit_event'))).toBe(true);
    expect(passes(record('INSERT', 'NewImage', 'patient'))).toBe(false);
    expect(passes(record('MODIFY', 'OldImage', 'patient'))).toBe(false);
    expect(passes(record('INSERT', 'OldImage', 'audit_event'))).toBe(false);
    expect(passes({ eventName: 'INSERT' })).toBe(false);
  });
});
