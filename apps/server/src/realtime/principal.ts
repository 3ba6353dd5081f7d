import { and, eq, sql } from 'drizzle-orm';
import { Resource } from '@vigil/contracts';
import type { Db } from '../db/client.ts';
import { orgRelations } from '../db/schema/index.ts';
import type { SocketPrincipal } from './rooms.ts';
import type { TokenPrincipal } from './types.ts';

/** The relation grant that lets a related organisation see a care organisation's alerts. */
export const ABNORMAL_GRANT = 'abnormal';

/**
 * Turns an authenticated token into the realtime principal: the GET /abnormal permission decides
 * whether alerts flow at all, and enabled relations granting `abnormal` add the care
 * organisations a pharmacy, hospital or security company watches.
 */
export async function resolvePrincipal(db: Db, token: TokenPrincipal): Promise<SocketPrincipal> {
  const canListAbnormal = token.api.some((p) => p.method === 'GET' && p.route === Resource.abnormal);
  let abnormalGrantOrgIds: number[] = [];
  if (canListAbnormal) {
    const rows = await db
      .select({ orgId: orgRelations.orgId })
      .from(orgRelations)
      .where(
        and(
          eq(orgRelations.relatedOrgId, token.orgId),
          eq(orgRelations.enabled, true),
          sql`${orgRelations.grants} @> ${JSON.stringify([ABNORMAL_GRANT])}::jsonb`,
        ),
      );
    abnormalGrantOrgIds = rows.map((r) => r.orgId).filter((id) => id !== token.orgId);
  }
  return {
    staffId: token.staffId,
    role: token.role,
    orgId: token.orgId,
    areaId: token.areaId,
    canListAbnormal,
    abnormalGrantOrgIds,
    canListDelivery: token.api.some((p) => p.method === 'GET' && p.route === Resource.deliveryMedicine),
  };
}
