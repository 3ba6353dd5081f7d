/** SPEC §3: every time on the wire is unix seconds. */
export function unix(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

export function unixOrNull(date: Date | null): number | null {
  return date ? unix(date) : null;
}

/** A `LIKE` pattern matching `text` anywhere, with the pattern characters in `text` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
