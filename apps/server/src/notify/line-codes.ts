import { randomInt } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { lineLinkCodes } from '../db/schema/index.ts';

/** Who a one-time LINE link code belongs to. */
export const LinkKind = { staff: 1, family: 2 } as const;
export type LinkKind = (typeof LinkKind)[keyof typeof LinkKind];

/** How long a code stays valid: staff link at once from their own page; a family is told the code and may take days. */
export const LINK_CODE_TTL_MS: Record<LinkKind, number> = { [LinkKind.staff]: 30 * 60_000, [LinkKind.family]: 7 * 24 * 60 * 60_000 };

// No 0/O, 1/I/L: the code is read aloud to a family over the phone and typed into LINE.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 8;

function newCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** A fresh code for one person, replacing any earlier one (only the latest code links). */
export async function issueLinkCode(tx: Db | Tx, orgId: number, kind: LinkKind, targetId: number): Promise<{ code: string; expiresAt: Date }> {
  await tx.delete(lineLinkCodes).where(and(eq(lineLinkCodes.kind, kind), eq(lineLinkCodes.targetId, targetId)));
  const expiresAt = new Date(Date.now() + LINK_CODE_TTL_MS[kind]);
  const code = newCode();
  await tx.insert(lineLinkCodes).values({ code, orgId, kind, targetId, expiresAt });
  return { code, expiresAt };
}

/** The live code of one person, if any. */
export async function liveLinkCode(db: Db | Tx, kind: LinkKind, targetId: number): Promise<{ code: string; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ code: lineLinkCodes.code, expiresAt: lineLinkCodes.expiresAt })
    .from(lineLinkCodes)
    .where(and(eq(lineLinkCodes.kind, kind), eq(lineLinkCodes.targetId, targetId), gt(lineLinkCodes.expiresAt, sql`now()`)));
  return row;
}

/** Takes a code sent to an organisation's bot: whose it was, once; a code of another organisation never matches. */
export async function consumeLinkCode(db: Db, orgId: number, text: string): Promise<{ kind: LinkKind; targetId: number } | undefined> {
  const code = text.trim().toUpperCase();
  if (code.length !== CODE_LENGTH) return undefined;
  const [row] = await db
    .delete(lineLinkCodes)
    .where(and(eq(lineLinkCodes.code, code), eq(lineLinkCodes.orgId, orgId), gt(lineLinkCodes.expiresAt, sql`now()`)))
    .returning({ kind: lineLinkCodes.kind, targetId: lineLinkCodes.targetId });
  return row ? { kind: row.kind as LinkKind, targetId: row.targetId } : undefined;
}
