/** RFC 4180 field: quoted when it holds a separator, quote or line break. */
function field(value: string): string {
  // A leading = + - @ would run as a formula in a spreadsheet; a quote mark keeps it text.
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV document from rows of cells. Starts with a byte-order mark so Excel opens UTF-8 Chinese correctly. */
export function csvDocument(rows: readonly (readonly string[])[]): string {
  return '\uFEFF' + rows.map((cells) => cells.map(field).join(',')).join('\r\n') + '\r\n';
}

export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
