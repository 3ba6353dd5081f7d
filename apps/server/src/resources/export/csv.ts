/** A cell as an export writes it: text, a number, or nothing. */
export type Cell = string | number | null;

/** UTF-8 byte-order mark: Excel reads a CSV without it in the system code page and garbles Chinese. */
export const CSV_BOM = '\uFEFF';

/**
 * One RFC 4180 field. A value a spreadsheet would run as a formula (starting with = + - @, tab or
 * carriage return) gets a leading quote mark, so an exported name like "=HYPERLINK(…)" stays text.
 */
export function csvField(cell: Cell): string {
  if (cell === null) return '';
  const text = typeof cell === 'number' ? String(cell) : /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record, CRLF-terminated as RFC 4180 asks. */
export function csvLine(cells: readonly Cell[]): string {
  return cells.map(csvField).join(',') + '\r\n';
}
