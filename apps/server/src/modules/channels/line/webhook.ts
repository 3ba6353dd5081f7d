import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { familyContacts, staff, staffLineLinks } from '../../../db/schema/index.ts';
import { consumeLinkCode, LinkKind } from '../../../notify/line-codes.ts';
import { lineClient, parseAckPostback } from '../../../notify/line.ts';
import type { LineCredentials } from '../../../notify/line-channel.ts';
import { acknowledgeAsStaff } from '../../../notify/remote-acknowledge.ts';

/** The parts of a LINE webhook event Vigil acts on (a code sent as text, an "Acknowledge" postback); others pass by. */
const lineEvent = z.looseObject({
  type: z.string(),
  replyToken: z.string().optional(),
  source: z.looseObject({ userId: z.string().max(64).optional() }).optional(),
  message: z.looseObject({ type: z.string(), text: z.string().max(5000).optional() }).optional(),
  postback: z.looseObject({ data: z.string().max(300) }).optional(),
});
export const lineWebhookBody = z.looseObject({ destination: z.string().optional(), events: z.array(z.unknown()) });

const replies = {
  linked: 'Linked: Vigil will send alerts here. / 已連結：Vigil 會在這裡通知您。',
  unknownCode: 'This code is not valid or has expired; ask for a new one. / 此代碼無效或已過期，請索取新的代碼。',
  acknowledged: 'Acknowledged. / 已確認收到。',
  notAcknowledged: 'Could not acknowledge: open the alert on the console. / 無法確認，請在主控台開啟此警示。',
};

/**
 * Handles the events of one signed webhook call for one organisation. Each event on its own: one
 * that fails is logged and the others still count, and LINE always gets its 200 (it would resend).
 */
export async function handleLineEvents(app: FastifyInstance, orgId: number, credentials: LineCredentials, events: unknown[]): Promise<void> {
  const { db } = app.database;
  await app.notify.settings.load();
  const client = lineClient(app.notify.settings.lineBaseUrl(), credentials.accessToken);
  const reply = async (token: string | undefined, text: string) => {
    if (token) await client.replyMessage({ replyToken: token, messages: [{ type: 'text', text }] });
  };
  for (const raw of events) {
    const parsed = lineEvent.safeParse(raw);
    if (!parsed.success) continue;
    const event = parsed.data;
    const userId = event.source?.userId;
    if (!userId) continue;
    try {
      if (event.type === 'message' && event.message?.type === 'text' && event.message.text) {
        const linked = await linkByCode(app, orgId, userId, event.message.text);
        if (linked !== 'not-a-code') await reply(event.replyToken, linked ? replies.linked : replies.unknownCode);
      } else if (event.type === 'postback' && event.postback) {
        const alertId = parseAckPostback(event.postback.data);
        if (alertId === undefined) continue;
        const [link] = await db
          .select({ staffId: staffLineLinks.staffId })
          .from(staffLineLinks)
          .where(and(eq(staffLineLinks.orgId, orgId), eq(staffLineLinks.lineUserId, userId)));
        // Only linked staff acknowledge; a family contact's tap does nothing to the alert.
        const done = link
          ? await acknowledgeAsStaff(app, link.staffId, alertId).then(
              () => true,
              (error: unknown) => (app.log.warn({ err: error, alertId }, 'LINE acknowledgement refused'), false),
            )
          : false;
        await reply(event.replyToken, done ? replies.acknowledged : replies.notAcknowledged);
      }
    } catch (error) {
      app.log.error({ err: error, orgId, type: event.type }, 'LINE webhook event failed');
    }
  }
}

/** Links the sender to whoever the code was issued for: true linked, false a wrong code, or not a code at all. */
async function linkByCode(app: FastifyInstance, orgId: number, userId: string, text: string): Promise<boolean | 'not-a-code'> {
  if (!/^\s*[A-Za-z0-9]{8}\s*$/.test(text)) return 'not-a-code';
  const { db } = app.database;
  const owner = await consumeLinkCode(db, orgId, text);
  if (!owner) return false;
  if (owner.kind === LinkKind.staff) {
    const [member] = await db.select({ id: staff.id }).from(staff).where(and(eq(staff.id, owner.targetId), eq(staff.orgId, orgId)));
    if (!member) return false;
    await db
      .insert(staffLineLinks)
      .values({ staffId: member.id, orgId, lineUserId: userId })
      .onConflictDoUpdate({ target: staffLineLinks.staffId, set: { lineUserId: userId, createdAt: new Date() } });
    return true;
  }
  const updated = await db
    .update(familyContacts)
    .set({ lineUserId: userId, updatedAt: new Date() })
    .where(and(eq(familyContacts.id, owner.targetId), eq(familyContacts.orgId, orgId)))
    .returning({ id: familyContacts.id });
  return updated.length > 0;
}
