import { describe, expect, it } from 'vitest';
import { csvCell } from './csv';

describe('csvCell', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('Margaret Hill')).toBe('Margaret Hill');
    expect(csvCell(99490)).toBe('99490');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('')).toBe('');
  });

  it('quotes a cell with a comma, a line break or a quote, doubling its quotes (RFC 4180)', () => {
    expect(csvCell('Hill, Margaret')).toBe('"Hill, Margaret"');
    expect(csvCell('line one\r\nline two')).toBe('"line one\r\nline two"');
    expect(csvCell('said "fine"')).toBe('"said ""fine"""');
    expect(csvCell('"')).toBe('""""');
  });

  it('prefixes text a spreadsheet would read as a formula with an apostrophe, then quotes as needed', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1,2')).toBe(`"'-1,2"`);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
  });
});
