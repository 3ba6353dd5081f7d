import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.ts';
import { catalogueFile, catalogueSource } from './catalogue-file.ts';

describe('permission catalogue in contracts', () => {
  it('lists exactly the pairs the server declares (else run `npm run api:catalogue -w @vigil/server`)', async () => {
    const { app, close } = await createTestApp();
    try {
      expect(readFileSync(catalogueFile, 'utf8')).toBe(catalogueSource(app.catalogue.list()));
    } finally {
      await close();
    }
  });
});
