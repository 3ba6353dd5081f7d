/**
 * A Postgres array literal for one `$n::type[]` parameter. Both drivers take it as text and cast
 * it, so a batch of any size binds a handful of parameters (unnest) and one code path serves
 * PGlite and node-postgres.
 */
export function pgArray(values: readonly (number | string | null)[]): string {
  return `{${values
    .map((v) =>
      v === null
        ? 'NULL'
        : typeof v === 'number'
          ? String(v)
          : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
    )
    .join(',')}}`;
}
