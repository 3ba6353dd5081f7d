import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/helpers.ts';

const t = useTestApp();

describe('OpenAPI', () => {
  it('documents the routes at /api/docs/json without signing in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of ['/api/login', '/api/logout', '/api/personal', '/api/personal/head', '/api/area', '/api/area/{id}', '/api/area/enable/{id}', '/api/api']) {
      expect(paths).toContain(path);
    }
    expect(res.json().paths['/api/login'].post.requestBody).toBeDefined();
  });
});
