/**
 * Panel files for the import's tests and bench (DECISIONS "Enrollment"): a CSV of made-up patients
 * (no PHI), with the bad rows the preview must name, each at a known spreadsheet row.
 */
import { randomUUID } from 'node:crypto';

export const PANEL_HEADER = 'mrn,first_name,last_name,date_of_birth,phone,email,preferred_language,conditions';

/** The five kinds of bad row, each with the field the preview names. */
export const BAD_ROWS = [
  { field: 'phone', cells: (mrn: string) => [mrn, 'Bad', 'Phone', '1950-01-01', '12345', '', 'en', 'E11.9'] },
  { field: 'first_name', cells: (mrn: string) => [mrn, '', 'Nameless', '1950-01-01', '(813) 555-0100', '', 'en', ''] },
  {
    field: 'conditions',
    cells: (mrn: string) => [mrn, 'Bad', 'Code', '1950-01-01', '(813) 555-0101', '', 'en', 'XYZ'],
  },
  {
    field: 'date_of_birth',
    cells: (mrn: string) => [mrn, 'Bad', 'Date', '1948-02-30', '(813) 555-0102', '', 'es', ''],
  },
  // Its MRN is the first good row's: a repeat.
  {
    field: 'mrn',
    cells: (_mrn: string, first: string) => [first, 'Again', 'Same', '1950-01-01', '(813) 555-0103', '', 'en', ''],
  },
] as const;

export interface PanelCsv {
  text: string;
  /** The good rows' MRNs, in file order. */
  mrns: string[];
  /** Each bad row's spreadsheet number (the header is row 1) and field. */
  bad: { row: number; field: string }[];
}

const csvLine = (cells: readonly string[]) =>
  cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');

/**
 * `good` patients (two chronic conditions each: eligible) with `bad` bad rows spread through the
 * file; MRNs start with `prefix` so files of one test do not meet another's.
 */
export function panelCsv(good: number, bad = 0, prefix = `T${randomUUID().slice(0, 6)}`): PanelCsv {
  const lines = [PANEL_HEADER];
  const mrns: string[] = [];
  const badRows: PanelCsv['bad'] = [];
  const every = bad > 0 ? Math.max(1, Math.floor(good / bad)) : Infinity;
  for (let i = 0; i < good; i++) {
    const mrn = `${prefix}-${String(i + 1).padStart(5, '0')}`;
    mrns.push(mrn);
    const phone = `+1813${String(2_000_000 + i).padStart(7, '0')}`;
    lines.push(
      csvLine([mrn, `Pat${i + 1}`, `Import${prefix}`, '1948-03-07', phone, '', i % 2 ? 'es' : 'en', 'E11.9;I10']),
    );
    if ((i + 1) % every === 0 && badRows.length < bad) {
      const kind = BAD_ROWS[badRows.length % BAD_ROWS.length];
      if (kind) {
        lines.push(csvLine(kind.cells(`${prefix}-bad${badRows.length + 1}`, mrns[0] ?? '')));
        badRows.push({ row: lines.length, field: kind.field });
      }
    }
  }
  return { text: `${lines.join('\n')}\n`, mrns, bad: badRows };
}
