import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '../../shared/enrollment/messages';
import { csvRows, ImportFileError, type NumberedRow } from './csv-rows';

async function rowsOf(text: string | string[], fromRow?: number): Promise<NumberedRow[]> {
  const chunks = typeof text === 'string' ? [text] : text;
  async function* source() {
    for (const chunk of chunks) yield Buffer.from(chunk);
  }
  const rows: NumberedRow[] = [];
  for await (const row of csvRows(source(), fromRow)) rows.push(row);
  return rows;
}

async function refusal(text: string): Promise<string> {
  try {
    await rowsOf(text);
  } catch (error) {
    if (error instanceof ImportFileError) return error.reason;
    throw error;
  }
  throw new Error('accepted');
}

const HEADER = 'MRN,First Name,last_name,Date_Of_Birth,phone,Notes\n';

describe('csvRows', () => {
  it('reads columns by header in any order and case, ignoring others, numbering rows as a spreadsheet does', async () => {
    const rows = await rowsOf(
      `\ufeff${HEADER}1,"Lopez, Maria",L,1948-03-07,8135550142,x\n\n2,"Ann\nMarie",B,1950-01-01,8135550143,y\n`,
    );
    expect(rows).toEqual([
      {
        row: 2,
        raw: { mrn: '1', first_name: 'Lopez, Maria', last_name: 'L', date_of_birth: '1948-03-07', phone: '8135550142' },
      },
      { row: 3, raw: { mrn: '' } },
      {
        row: 4,
        raw: { mrn: '2', first_name: 'Ann\nMarie', last_name: 'B', date_of_birth: '1950-01-01', phone: '8135550143' },
      },
    ]);
  });

  it('reads records split across chunks, and resumes from a given row', async () => {
    const text = `${HEADER}1,A,B,1948-03-07,8135550142\n2,C,D,1948-03-07,8135550143\n3,E,F,1948-03-07,8135550144\n`;
    const chunks = text.match(/.{1,7}/gs) ?? [];
    expect((await rowsOf(chunks)).map((r) => r.raw.first_name)).toEqual(['A', 'C', 'E']);
    expect((await rowsOf(chunks, 4)).map((r) => r.row)).toEqual([4]);
  });

  it('refuses a file without the required headers, naming them', async () => {
    expect(await refusal('mrn,first_name\n1,A\n')).toBe(
      IMPORT_MESSAGES.missingHeaders(['last_name', 'date_of_birth', 'phone']),
    );
    expect(await refusal('')).toBe(IMPORT_MESSAGES.emptyFile);
  });

  it('refuses a file it cannot parse, naming where', async () => {
    expect(await refusal(`${HEADER}1,"A,B,1948-03-07,8135550142\n`)).toBe(IMPORT_MESSAGES.unreadableCsv(2));
  });

  it('refuses a file past 20,000 rows', async () => {
    const body = `${HEADER}${'1,A,B,1948-03-07,8135550142\n'.repeat(20_001)}`;
    expect(await refusal(body)).toBe(IMPORT_MESSAGES.tooManyRows);
  });
});

describe('csvRows and its source', () => {
  it("passes a failing source's error on as it is: the job retries, the file is not refused", async () => {
    async function* failing() {
      yield Buffer.from(HEADER);
      throw new Error('socket hang up');
    }
    const reading = (async () => {
      for await (const row of csvRows(failing())) void row;
    })();
    await expect(reading).rejects.toThrow('socket hang up');
  });
});
