/** CSV as CareLoop writes it: every file it makes (the billing report, an import's skipped rows). */

const QUOTE = '"';
/** Besides a quote, what makes a cell need quotes: a comma or a line break. */
const NEEDS_QUOTES = /[,\r\n]/;
/** What a spreadsheet would read as a formula at a cell's start: `=`, `+`, `-`, `@`, tab, carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell as RFC 4180 writes it (quoted when it holds a quote, a comma or a line break; quotes
 * doubled), safe to open in a spreadsheet: text it would read as a formula is prefixed with an
 * apostrophe.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  if (!text.includes(QUOTE) && !NEEDS_QUOTES.test(text)) return text;
  return QUOTE + text.replaceAll(QUOTE, QUOTE + QUOTE) + QUOTE;
}
