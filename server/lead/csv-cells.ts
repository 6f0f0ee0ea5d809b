/**
 * CSV for spreadsheets (RFC 4180): comma separated, CRLF rows, fields quoted when they hold a comma,
 * quote or line break. Cells that a spreadsheet would run as a formula (starting with = + - @, tab or
 * carriage return) get a leading apostrophe, so a lead cannot plant a formula in the sales team's Excel.
 */
export const UTF8_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | undefined | null): string {
  let text = value === undefined || value === null ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: ReadonlyArray<string | number | undefined | null>): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
