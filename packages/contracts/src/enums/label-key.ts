/**
 * Every labelled enumeration maps each code to an i18n key `enum.<name>.<member>`; the texts live
 * in the web locale files under the top-level key `enum` (written by scripts/write-enum-labels.mjs).
 */
export type EnumLabelKey<N extends string = string, M extends string = string> = `enum.${N}.${M}`;

/** The code values of an `as const` enumeration object, in declaration order. */
export function enumValues<const T extends Record<string, string | number>>(values: T): T[keyof T][] {
  return Object.values(values) as T[keyof T][];
}

/** Builds the `xxxLabelKey` record of an enumeration: code -> `enum.<name>.<member>`. */
export function labelKeys<const N extends string, const T extends Record<string, string | number>>(
  name: N,
  values: T,
): Record<T[keyof T], EnumLabelKey<N, Extract<keyof T, string>>> {
  const record: Record<string | number, string> = {};
  for (const [member, code] of Object.entries(values)) {
    if (code in record) throw new Error(`enum ${name}: duplicate code ${String(code)}`);
    record[code] = `enum.${name}.${member}`;
  }
  return record as Record<T[keyof T], EnumLabelKey<N, Extract<keyof T, string>>>;
}
