import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** The form's resolver for a contracts schema: values typed as the schema's input, submitted as its output. */
export function schemaResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  /** Parse options; `error` words the issues whose rule carries no message (zod keeps a rule's own message first). */
  options?: { error?: z.core.$ZodErrorMap },
): Resolver<z.input<S>, unknown, z.output<S>> {
  return zodResolver(schema, options);
}
