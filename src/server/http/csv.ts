/**
 * CSV as spreadsheets read it (RFC 4180), safe to open: a cell a spreadsheet would run as a formula
 * (starting with =, +, -, @, a tab or a carriage return) gets a leading apostrophe.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * Streams rows page by page (keyset paging, so each page is one indexed query and memory stays
 * flat however many rows there are).
 */
export async function* csvPages<Row, Cursor>(
  header: string[],
  nextPage: (after: Cursor | undefined) => Promise<Row[]>,
  cursorOf: (row: Row) => Cursor,
  line: (row: Row) => (string | number | null | undefined)[],
): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(header)}`;
  let after: Cursor | undefined;
  for (;;) {
    const rows = await nextPage(after);
    const last = rows.at(-1);
    if (last === undefined) return;
    yield rows.map((row) => csvLine(line(row))).join('');
    after = cursorOf(last);
  }
}
