/** A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, return) is written as text. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string): string {
  const safe = FORMULA_START.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as CSV (RFC 4180: comma, CRLF, quotes doubled), safe to open in a spreadsheet. */
export function csvText(rows: ReadonlyArray<ReadonlyArray<string>>): string {
  return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
