import { describe, expect, it } from 'vitest';
import { personTerms } from '../search';
import { searchEntryPuts, searchEntryWrites } from './search-entries';

const ann = { id: 'p1', terms: personTerms({ first_name: 'Ann', last_name: 'Lee', email: '' }) };

const summary = (writes: ReturnType<typeof searchEntryWrites>) =>
  writes.map((w) =>
    w.op === 'delete' ? `delete ${w.key.term}` : w.op === 'put' ? `put ${String(w.item.term)}` : w.op,
  );

describe('searchEntryPuts', () => {
  it('puts one item per needed term: the first name has none of its own beside the full name', () => {
    expect(summary(searchEntryPuts('patient#o1', ann))).toEqual(['put ann lee', 'put lee']);
  });
});

describe('searchEntryWrites', () => {
  it("deletes the first name's item a record kept from before, when anything about it is written", () => {
    expect(summary(searchEntryWrites('patient#o1', ann, ann))).toEqual(['delete ann', 'put ann lee', 'put lee']);
  });

  it('moves a renamed record: its lost terms deleted, its new ones put, each item once', () => {
    const renamed = { id: 'p1', terms: personTerms({ first_name: 'Ann', last_name: 'Lewis', email: '' }) };
    const writes = summary(searchEntryWrites('patient#o1', ann, renamed));
    expect(writes).toEqual(['delete ann', 'delete ann lee', 'delete lee', 'put ann lewis', 'put lewis']);
    expect(new Set(writes.map((w) => w.split(' ').slice(1).join(' '))).size).toBe(writes.length);
  });

  it('deletes every item of a record no longer indexed', () => {
    expect(summary(searchEntryWrites('patient#o1', ann, null))).toEqual(['delete ann', 'delete ann lee', 'delete lee']);
  });
});
