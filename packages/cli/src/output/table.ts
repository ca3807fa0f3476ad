export interface Column<Row> {
  header: string;
  value: (row: Row) => unknown;
  /** Left out when no row has a value for it (a field only some answers carry). */
  optional?: boolean;
}

/** A one-line excerpt of free text for a table cell: whitespace folded, at most `max` characters. */
export function shortText(value: unknown, max = 40): string | undefined {
  if (typeof value !== 'string') return undefined;
  const line = value.replace(/\s+/g, ' ').trim();
  if (line === '') return undefined;
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

function cell(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (Array.isArray(value)) return value.map(cell).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value).replace(/[\r\n\t]+/g, ' ');
}

/** A plain aligned table: headers, then one line per row, columns two spaces apart. */
export function renderTable<Row>(
  rows: readonly Row[],
  allColumns: readonly Column<Row>[],
  styleHeader: (text: string) => string = (text) => text,
): string {
  const columns = allColumns.filter(
    (column) => !column.optional || rows.some((row) => cell(column.value(row)) !== '-'),
  );
  const cells = rows.map((row) => columns.map((column) => cell(column.value(row))));
  const widths = columns.map((column, index) =>
    Math.max(column.header.length, ...cells.map((line) => line[index]?.length ?? 0)),
  );
  const pad = (text: string, index: number) => text.padEnd(widths[index] ?? 0);
  const header = columns.map((column, index) => styleHeader(pad(column.header, index))).join('  ');
  const body = cells.map((line) => line.map(pad).join('  ').trimEnd());
  return [header.trimEnd(), ...body].join('\n');
}

/** `key: value` lines for one record. */
export function renderFields(record: Record<string, unknown>, styleKey: (text: string) => string): string {
  const keys = Object.keys(record);
  const width = Math.max(0, ...keys.map((key) => key.length));
  return keys.map((key) => `${styleKey(key.padEnd(width))}  ${cell(record[key])}`).join('\n');
}
