import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '../index.ts';
import { Resource } from '../permissions/resources.ts';
import { listQuery } from './envelope.ts';
import { resourceContract, type ResourceContract } from './resource.ts';

/** Every resource contract the package exports, by its export name. */
const resources = Object.entries(contracts as Record<string, unknown>).filter(
  (entry): entry is [string, ResourceContract] =>
    typeof entry[1] === 'object' && entry[1] !== null && ['path', 'row', 'listQuery', 'page'].every((key) => key in (entry[1] as object)),
);

/**
 * Body keys that are no key of the row: a value the API takes and never shows. The server writes
 * them itself (`toInsert`), so each one here is deliberate.
 */
const writeOnly: Partial<Record<Resource, readonly string[]>> = { [Resource.staff]: ['password'] };

const keys = (schema: z.ZodObject | undefined) => (schema ? Object.keys(schema.shape) : []);

describe('resource contracts', () => {
  it('are exported as xResource, one per path', () => {
    // The 28 defineResource call sites serve 34 paths (members and device bindings at several); the
    // service routes' lists the console reads (handover, delivery orders, real-time devices, the
    // eight due lists) have 11 more.
    expect(resources.length).toBeGreaterThanOrEqual(45);
    for (const [name] of resources) expect(name).toMatch(/^[a-z][A-Za-z0-9]*Resource$/);
    const paths = resources.map(([, r]) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('take their path from Resource', () => {
    const known = new Set<string>(Object.values(Resource));
    for (const [name, r] of resources) expect(known.has(r.path), name).toBe(true);
  });

  it('list with an order_by whitelist and page their row', () => {
    for (const [name, r] of resources) {
      expect(r.listQuery.shape, name).toHaveProperty('order_by');
      expect(r.page.shape.list.element, name).toBe(r.row);
    }
  });

  it('have bodies whose keys are keys of the row (update a subset of create)', () => {
    for (const [name, r] of resources) {
      const row = new Set(keys(r.row));
      const hidden = new Set(writeOnly[r.path] ?? []);
      expect(keys(r.create).filter((key) => !row.has(key) && !hidden.has(key)), `${name} create`).toEqual([]);
      expect(keys(r.update).filter((key) => !row.has(key)), `${name} update`).toEqual([]);
      if (r.create && r.update) {
        const create = new Set(keys(r.create));
        expect(keys(r.update).filter((key) => !create.has(key)), `${name} update ⊆ create`).toEqual([]);
      }
    }
    for (const [path, hiddenKeys] of Object.entries(writeOnly)) {
      const r = resources.find(([, c]) => c.path === path)?.[1];
      expect(r, path).toBeDefined();
      for (const key of hiddenKeys ?? []) expect(keys(r?.create), `${path} ${key}`).toContain(key);
    }
  });

  it('have a detail, where they name one, that is their row and more', () => {
    const withDetail = resources.filter(([, r]) => r.detail !== undefined);
    expect(withDetail.map(([name]) => name).sort()).toEqual(['deliveryOrderResource', 'handoverResource']);
    for (const [name, r] of withDetail) {
      const detail = new Set(keys(r.detail));
      expect(keys(r.row).filter((key) => !detail.has(key)), name).toEqual([]);
    }
  });

  it('type a list response by its page schema', () => {
    const probe = resourceContract({
      path: Resource.area,
      row: z.object({ id: z.number(), name: z.string() }),
      listQuery: listQuery(['id']),
    });
    const page = probe.page.parse({ current_page: 1, last_page: 1, list: [{ id: 1, name: 'A' }], per_page: 15, total: 1 });
    const first: { id: number; name: string } | undefined = page.list[0];
    expect(first).toEqual({ id: 1, name: 'A' });
    expect(probe).not.toHaveProperty('create');
    expect(() => probe.page.parse({ current_page: 1, last_page: 1, list: [{ id: 'x' }], per_page: 15, total: 1 })).toThrow();
  });
});
