/** Unix seconds as a FHIR instant (UTC, whole seconds). */
export const instant = (seconds: number): string =>
  new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

/** A `date` column's text (YYYY-MM-DD) is already a FHIR date. */
export const fhirDate = (text: string | null): string | undefined => text ?? undefined;
