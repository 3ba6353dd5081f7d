import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { databaseUnavailable } from './db-errors.ts';
import { registerErrorHandler } from './error-handler.ts';

describe('database unavailable', () => {
  it('recognises a restart, a refused connection and a dropped one, through Drizzle’s wrapping', () => {
    expect(databaseUnavailable({ message: 'Failed query', cause: { code: '57P01', message: 'terminating connection due to administrator command' } })).toBe(true);
    expect(databaseUnavailable({ cause: { code: 'ECONNREFUSED' } })).toBe(true);
    expect(databaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(databaseUnavailable({ cause: { code: '08006' } })).toBe(true);
    expect(databaseUnavailable({ cause: { code: '23505' } })).toBe(false);
    expect(databaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });

  it('answers 503 with -8 and Retry-After instead of a 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/down', async () => {
      throw Object.assign(new Error('Failed query: select 1'), { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }) });
    });
    const res = await app.inject({ method: 'GET', url: '/down' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.json()).toEqual({ code: -8, message: 'Service temporarily unavailable' });
    await app.close();
  });
});
