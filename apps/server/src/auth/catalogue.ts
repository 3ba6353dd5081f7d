import type { FastifyInstance } from 'fastify';
import { permissionKey, type ApiPermission } from '@vigil/contracts';
import { parsePermission } from './permissions.ts';

/** Every permission pair the server's routes declare: what the API settings page can grant. */
export class PermissionCatalogue {
  readonly #pairs = new Map<string, ApiPermission>();

  /** Records the pair of each route registered from here on in this context. */
  collect(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      const key = route.config?.permission;
      if (!key) return;
      const pair = parsePermission(key);
      this.#pairs.set(permissionKey(pair.method, pair.route), pair);
    });
  }

  list(): ApiPermission[] {
    return [...this.#pairs.values()].sort((a, b) => a.route.localeCompare(b.route) || a.method.localeCompare(b.method));
  }
}
