import { describe, expect, it } from 'vitest';
import { importReportKey, importRepeatsKey } from './import-plans';
import { REPORT_PART_ROWS, repeatsOf, SkippedRowsReport, writeRepeats } from './import-rows';
import type { PanelFiles } from './ports';

const record = { id: 'a1b2c3d4-3b1a-4c59-9a55-0d3f1e0b7a11', provider_id: '0b7c2a4e-1111-4c59-9a55-0d3f1e0b7a11' };

/** Panel files in memory, counting what was written and the largest single write. */
function memoryFiles() {
  const stored = new Map<string, string>();
  const writes: string[] = [];
  const files: Pick<PanelFiles, 'write' | 'join' | 'read' | 'stat'> = {
    write(key, body) {
      stored.set(key, body);
      writes.push(key);
      return Promise.resolve();
    },
    join(key, parts) {
      for (const part of parts) expect(Buffer.byteLength(stored.get(part.key) ?? '')).toBe(part.size);
      stored.set(key, parts.map((part) => stored.get(part.key) ?? '').join(''));
      return Promise.resolve();
    },
    stat(key) {
      const body = stored.get(key);
      return Promise.resolve(body === undefined ? null : { size: Buffer.byteLength(body), etag: '"e"' });
    },
    async *read(key) {
      // In small pieces, as a network delivers them: a line may be cut anywhere.
      const body = Buffer.from(stored.get(key) ?? '');
      for (let at = 0; at < body.length; at += 3) yield body.subarray(at, at + 3);
    },
  };
  return { files, stored, writes };
}

describe('SkippedRowsReport', () => {
  it('writes row, field and problem, escaping what a spreadsheet would read as a formula', async () => {
    const { files, stored, writes } = memoryFiles();
    const report = new SkippedRowsReport(files, record, 'run-1');
    await report.add([
      { row: 4, field: 'phone', message: 'Please enter a valid phone number' },
      { row: 9, field: 'conditions', message: '=HYPERLINK("x")' },
    ]);
    await report.add([{ row: 12, field: 'mrn', message: '@cmd, then more' }]);
    await report.finish();
    expect(writes).toEqual([importReportKey(record)]);
    expect(stored.get(importReportKey(record))).toBe(
      'Row,Field,Problem\r\n4,phone,Please enter a valid phone number\r\n9,conditions,"\'=HYPERLINK(""x"")"\r\n' +
        '12,mrn,"\'@cmd, then more"\r\n',
    );
  });

  it('sends a long report to S3 in pieces as it grows and joins them into one file', async () => {
    const { files, stored, writes } = memoryFiles();
    const report = new SkippedRowsReport(files, record, 'run-1');
    const rows = REPORT_PART_ROWS * 3 + 7;
    for (let row = 2; row < rows + 2; row += 1) {
      await report.add([{ row, field: 'phone', message: 'Please enter a valid phone number' }]);
      // Never more than a piece's rows waiting in memory: each full piece is already written.
      expect(writes.length).toBe(Math.floor(row / REPORT_PART_ROWS));
    }
    await report.finish();
    const text = stored.get(importReportKey(record)) ?? '';
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(rows + 1);
    expect(lines[0]).toBe('Row,Field,Problem');
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(
      Array.from({ length: rows }, (_, i) => i + 2),
    );
  });
});

describe('repeatsOf', () => {
  it("answers each row's first row as the rows pass, from the preview's list", async () => {
    const { files, stored } = memoryFiles();
    await writeRepeats(files, record, [
      [7, 2],
      [15, 3],
      [16, 2],
    ]);
    expect(stored.get(importRepeatsKey(record))).toBe('7,2\n15,3\n16,2\n');
    const firstRowOf = await repeatsOf(files, record);
    const answers = [];
    for (let row = 2; row <= 20; row += 1) answers.push([row, await firstRowOf?.(row)]);
    expect(answers.filter(([, first]) => first !== undefined)).toEqual([
      [7, 2],
      [15, 3],
      [16, 2],
    ]);
  });

  it('is null when the preview kept no list (the job then remembers the MRNs)', async () => {
    expect(await repeatsOf(memoryFiles().files, record)).toBeNull();
  });
});
