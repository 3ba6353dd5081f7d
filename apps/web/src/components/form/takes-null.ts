import { z } from 'zod';

/**
 * Whether the schema takes null for a top-level field: an emptied optional text or number is then
 * sent as null ("not given", as the contracts write it) rather than as '' or left out.
 */
export function takesNull(schema: z.ZodType, name: string): boolean {
  const field = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType | undefined>)[name] : undefined;
  return field ? field.safeParse(null).success : false;
}
