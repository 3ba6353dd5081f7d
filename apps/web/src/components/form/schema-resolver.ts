import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * zodResolver typed for this workspace's zod. @hookform/resolvers' declarations resolve zod from
 * the repository root, which may hold a different 4.x minor than the one the web and contracts
 * pin; the runtime contract (zod 4's `_zod` schemas) is the same, only the declared internals
 * differ. The bundle uses one copy (vite `resolve.dedupe`).
 */
export function schemaResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  /** Parse options; `error` words the issues whose rule carries no message (zod keeps a rule's own message first). */
  options?: { error?: z.core.$ZodErrorMap },
): Resolver<z.input<S>, unknown, z.output<S>> {
  return (zodResolver as unknown as (s: S, o?: object) => Resolver<z.input<S>, unknown, z.output<S>>)(schema, options);
}
