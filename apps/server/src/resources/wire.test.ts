import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestApp } from '../../test/helpers.ts';
import { resourceDefinitions } from './define.ts';

const t = useTestApp();

/** The keys a row schema promises on the wire. */
function schemaKeys(schema: z.ZodType): string[] {
  if (!(schema instanceof z.ZodObject)) throw new Error('A resource row schema must be a zod object');
  return Object.keys(schema.shape).sort();
}

describe('wire maps', () => {
  it('name exactly the keys of their contracts row schema, for every resource the app registers', () => {
    expect(t.app.hasRoute({ method: 'GET', url: '/api/area' })).toBe(true);
    const defined = resourceDefinitions();
    const paths = new Set(defined.map((d) => d.path));
    for (const path of ['/area', '/org', '/staff', '/user', '/device/bind', '/change/staff', '/change/user', '/change/record', '/medical/user', '/role', '/temp/role']) {
      expect(paths, path).toContain(path);
    }
    for (const { path, wireKeys, rowSchema } of defined) {
      expect([...wireKeys].sort(), path).toEqual(schemaKeys(rowSchema));
    }
  });
});
