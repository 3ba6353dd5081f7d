import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { validateSignature } from '@line/bot-sdk';
import { z } from 'zod';
import { adminRoles, dataEnvelope, lineChannelRequest, lineChannelStatus, lineLinkStatus, toUnix, type LineLinkStatus } from '@vigil/contracts';
import { lineChannels, staffLineLinks } from '../../../db/schema/index.ts';
import { forbidden } from '../../../http/errors.ts';
import { emptyData, errorResponses } from '../../../http/schemas.ts';
import { loadLineCredentials, saveLineCredentials } from '../../../notify/line-channel.ts';
import { issueLinkCode, liveLinkCode, LinkKind } from '../../../notify/line-codes.ts';
import { handleLineEvents, lineWebhookBody } from './webhook.ts';

const orgParam = z.object({ org: z.coerce.number().int().min(1).max(2147483647) });
const rejected = z.object({ message: z.string() });

/**
 * The LINE Messaging API channel of an organisation (`/line/channel`, its admins), a staff member's
 * own link (`/personal/line`), and the webhook LINE calls (`/line/webhook/{org}`).
 */
export async function lineRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const webhookPath = (orgId: number) => `${app.config.apiPrefix}/line/webhook/${orgId}`;

  const channelStatus = async (orgId: number) => {
    const [row] = await db.select({ updatedAt: lineChannels.updatedAt }).from(lineChannels).where(eq(lineChannels.orgId, orgId));
    return { connected: Boolean(row), updated_at: row ? toUnix(row.updatedAt) : null, webhook_path: webhookPath(orgId) };
  };
  // Connecting a channel is an organisation's admins' (its token speaks for the whole organisation).
  const requireAdmin = (role: Parameters<typeof adminRoles.has>[0]) => {
    if (!adminRoles.has(role)) throw forbidden();
  };

  r.get(
    '/line/channel',
    { config: { permission: 'GET /line/channel' }, schema: { tags: ['channels'], summary: "Whether the organisation's LINE channel is connected, and its webhook path", response: { 200: dataEnvelope(lineChannelStatus), ...errorResponses } } },
    async (request) => ({ data: await channelStatus(request.principal.orgId) }),
  );

  r.put(
    '/line/channel',
    {
      config: { permission: 'PUT /line/channel' },
      schema: { tags: ['channels'], summary: "Connect the organisation's LINE channel (access token and channel secret, stored sealed)", body: lineChannelRequest, response: { 200: dataEnvelope(lineChannelStatus), ...errorResponses } },
    },
    async (request) => {
      requireAdmin(request.principal.role);
      await saveLineCredentials(db, await app.secretSealer(), request.principal.orgId, { accessToken: request.body.access_token, channelSecret: request.body.channel_secret });
      // Alerts raised from now on are written with a LINE tier for this organisation.
      app.notify.channels.forget(request.principal.orgId);
      return { data: await channelStatus(request.principal.orgId) };
    },
  );

  r.delete(
    '/line/channel',
    { config: { permission: 'DELETE /line/channel' }, schema: { tags: ['channels'], summary: "Disconnect the organisation's LINE channel", response: { 200: emptyData, ...errorResponses } } },
    async (request) => {
      requireAdmin(request.principal.role);
      await db.delete(lineChannels).where(eq(lineChannels.orgId, request.principal.orgId));
      app.notify.channels.forget(request.principal.orgId);
      return { data: null };
    },
  );

  async function linkStatus(staffId: number, orgId: number): Promise<LineLinkStatus> {
    const [link] = await db.select().from(staffLineLinks).where(eq(staffLineLinks.staffId, staffId));
    const code = link ? undefined : await liveLinkCode(db, LinkKind.staff, staffId);
    return { linked: Boolean(link), channel_connected: (await channelStatus(orgId)).connected, code: code?.code ?? null, code_expires_at: code ? toUnix(code.expiresAt) : null };
  }

  r.get(
    '/personal/line',
    { config: { access: 'session' }, schema: { tags: ['personal'], summary: 'Whether own LINE user is linked', response: { 200: dataEnvelope(lineLinkStatus), ...errorResponses } } },
    async (request) => ({ data: await linkStatus(request.principal.staffId, request.principal.orgId) }),
  );

  r.post(
    '/personal/line/code',
    { config: { access: 'session' }, schema: { tags: ['personal'], summary: "A one-time code to send to the organisation's LINE bot, linking own LINE user (30 min)", response: { 200: dataEnvelope(lineLinkStatus), ...errorResponses } } },
    async (request) => {
      await issueLinkCode(db, request.principal.orgId, LinkKind.staff, request.principal.staffId);
      return { data: await linkStatus(request.principal.staffId, request.principal.orgId) };
    },
  );

  r.delete(
    '/personal/line',
    { config: { access: 'session' }, schema: { tags: ['personal'], summary: 'Unlink own LINE user', response: { 200: emptyData, ...errorResponses } } },
    async (request) => {
      await db.delete(staffLineLinks).where(eq(staffLineLinks.staffId, request.principal.staffId));
      return { data: null };
    },
  );

  // The webhook checks X-Line-Signature over the bytes LINE sent, so this context keeps the raw body.
  await app.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    hook.withTypeProvider<ZodTypeProvider>().post(
      '/line/webhook/:org',
      {
        config: { access: 'public' },
        schema: {
          tags: ['channels'],
          summary: "LINE's webhook for one organisation: link codes and Acknowledge postbacks; X-Line-Signature over the raw body (bad: 401, nothing done)",
          security: [],
          params: orgParam,
          response: { 200: emptyData, 401: rejected },
        },
      },
      async (request, reply) => {
        const raw = request.body as Buffer;
        const signature = request.headers['x-line-signature'];
        const credentials = await loadLineCredentials(db, await app.secretSealer(), request.params.org);
        if (!credentials || typeof signature !== 'string' || !Buffer.isBuffer(raw) || !validateSignature(raw, credentials.channelSecret, signature)) {
          return reply.code(401).send({ message: 'bad or missing X-Line-Signature' });
        }
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          json = undefined;
        }
        const body = lineWebhookBody.safeParse(json);
        if (body.success) await handleLineEvents(app, request.params.org, credentials, body.data.events);
        return { data: null };
      },
    );
  });
}
