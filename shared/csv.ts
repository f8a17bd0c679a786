/** CSV as CareLoop writes it: every file it makes (the billing report, an import's skipped rows). */

/**
 * A cell as RFC 4180 writes it, safe to open in a spreadsheet: text that a spreadsheet would read
 * as a formula (`=`, `+`, `-`, `@`, tab, carriage return) is prefixed with an apostrophe.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
