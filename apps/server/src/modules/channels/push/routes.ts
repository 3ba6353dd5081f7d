import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq } from 'drizzle-orm';
import { dataEnvelope, idParam, pushAcknowledgeRequest, pushOverview, pushSubscriptionRequest, pushSubscriptionRow, toUnix, type PushOverview } from '@vigil/contracts';
import { pushExpiries, pushSubscriptions } from '../../../db/schema/index.ts';
import { AppError, notFound } from '../../../http/errors.ts';
import { emptyData, errorResponses } from '../../../http/schemas.ts';
import { ErrorCode } from '@vigil/contracts';
import { verifyAckToken } from '../../../notify/ack-token.ts';
import { ensureServerKey } from '../../../notify/server-keys.ts';
import { acknowledgeAsStaff } from '../../../notify/remote-acknowledge.ts';

const tags = ['personal'];

/**
 * Web push subscriptions, one per device of the signed-in person (`/personal/push`), and the
 * acknowledgement a notification's action sends (`/push/acknowledge`, signed token, no sign-in).
 */
export async function pushRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const push = app.channelAdapters.push;

  async function overview(staffId: number): Promise<PushOverview> {
    const devices = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.staffId, staffId)).orderBy(pushSubscriptions.id);
    const expired = await db.select().from(pushExpiries).where(eq(pushExpiries.staffId, staffId)).orderBy(desc(pushExpiries.expiredAt));
    return {
      public_key: (await push.keys()).publicKey,
      devices: devices.map((d) => ({ id: d.id, label: d.label, created_at: toUnix(d.createdAt), last_success_at: d.lastSuccessAt ? toUnix(d.lastSuccessAt) : null })),
      expired: expired.map((e) => ({ label: e.label, expired_at: toUnix(e.expiredAt) })),
    };
  }

  r.get(
    '/personal/push',
    {
      config: { access: 'session' },
      schema: { tags, summary: 'Own devices receiving web push, the key to subscribe with, devices the push service dropped', response: { 200: dataEnvelope(pushOverview), ...errorResponses } },
    },
    async (request) => ({ data: await overview(request.principal.staffId) }),
  );

  r.post(
    '/personal/push',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Receive alerts on this device: stores its push subscription (again for the same device: updated)',
        body: pushSubscriptionRequest,
        response: { 200: dataEnvelope(pushSubscriptionRow), ...errorResponses },
      },
    },
    async (request) => {
      const { endpoint, keys, label } = request.body;
      const name = label || (request.headers['user-agent'] ?? 'browser').slice(0, 100);
      const values = { staffId: request.principal.staffId, endpoint, p256dh: keys.p256dh, auth: keys.auth, label: name };
      // A device subscribes once per endpoint; signing in as someone else on it moves it to them.
      const [row] = await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, lastSuccessAt: null } })
        .returning();
      return { data: { id: row.id, label: row.label, created_at: toUnix(row.createdAt), last_success_at: null } };
    },
  );

  r.delete(
    '/personal/push/:id',
    { config: { access: 'session' }, schema: { tags, summary: 'Stop web push to one of own devices', params: idParam, response: { 200: emptyData, ...errorResponses } } },
    async (request) => {
      const removed = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, request.params.id), eq(pushSubscriptions.staffId, request.principal.staffId)))
        .returning({ id: pushSubscriptions.id });
      if (removed.length === 0) throw notFound();
      return { data: null };
    },
  );

  r.delete(
    '/personal/push/expired',
    { config: { access: 'session' }, schema: { tags, summary: 'Dismiss the notes about dropped devices', response: { 200: emptyData, ...errorResponses } } },
    async (request) => {
      await db.delete(pushExpiries).where(eq(pushExpiries.staffId, request.principal.staffId));
      return { data: null };
    },
  );

  r.post(
    '/push/acknowledge',
    {
      config: { access: 'public' },
      schema: {
        tags: ['alerts'],
        summary: "A push notification's Acknowledge action: acknowledges its alert as the person it was sent to (signed, short-lived token)",
        security: [],
        body: pushAcknowledgeRequest,
        response: { 200: emptyData, ...errorResponses },
      },
    },
    async (request) => {
      const sealer = await app.secretSealer();
      const key = await ensureServerKey(db, sealer, 'push-ack', () => {
        throw new Error('no push has been sent yet');
      }).catch(() => undefined);
      const claim = key && verifyAckToken(Buffer.from(key.secret, 'hex'), request.body.token);
      if (!claim) throw new AppError(ErrorCode.tokenExpired, 'The acknowledgement link has expired; open the alert to acknowledge it');
      await acknowledgeAsStaff(app, claim.staffId, claim.alertId);
      return { data: null };
    },
  );
}
