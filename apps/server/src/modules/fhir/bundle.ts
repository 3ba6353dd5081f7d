import type { Bundle, Resource } from '@medplum/fhirtypes';

/** A searchset Bundle: its entries with their full URLs, the `self` link and, when more follow, `next`. */
export function searchset(
  base: string,
  self: string,
  resources: Resource[],
  next?: string,
  total?: number,
): Bundle {
  const link = [{ relation: 'self', url: self }, ...(next ? [{ relation: 'next', url: next }] : [])];
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    ...(total !== undefined ? { total } : {}),
    link,
    entry: resources.map((resource) => ({
      fullUrl: `${base}/${resource.resourceType}/${resource.id}`,
      resource,
      search: { mode: 'match' },
    })),
  };
}

/** The search's own URL with `_cursor` set (or removed): the link to another page of the same search. */
export function pageUrl(base: string, type: string, query: URLSearchParams, cursor?: number): string {
  const q = new URLSearchParams(query);
  q.delete('_cursor');
  if (cursor !== undefined) q.set('_cursor', String(cursor));
  const text = q.toString();
  return `${base}/${type}${text ? `?${text}` : ''}`;
}
