import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AuditAction } from '@vigil/contracts';
import type { Db } from '../db/client.ts';
import { auditLog, type AuditDetail } from '../db/schema/index.ts';

export type AuditEntry = {
  at: Date;
  orgId: number;
  staffId: number;
  role: number;
  memberId: number | null;
  resource: string;
  method: string;
  route: string;
  action: AuditAction;
  recordId: number | null;
  ip: string;
  requestId: string;
  /** What an export sent: its format, the list filters and the row count. */
  detail?: AuditDetail | null;
};

export type AuditTrailOptions = {
  /** How long an entry may wait for its batch. */
  delayMs: number;
  /** Entries per INSERT; a full batch is written at once. */
  batchSize: number;
  /** Entries kept while the database does not answer; beyond this the oldest are dropped (and logged). */
  maxPending: number;
};

/** An entry as its audit_log row (also how the demo writes the trail of its seeded changes). */
export function auditRow(e: AuditEntry) {
  return {
    createdAt: e.at,
    orgId: e.orgId,
    staffId: e.staffId,
    role: e.role,
    memberId: e.memberId,
    // The member's organisation when the call was made: the audit page shows a care home the
    // reads of its members by a related hospital's staff.
    memberOrgId: e.memberId === null ? null : sql<number>`(select m.org_id from members m where m.id = ${e.memberId})`,
    resource: e.resource,
    method: e.method,
    route: e.route,
    action: e.action,
    recordId: e.recordId,
    ip: e.ip,
    requestId: e.requestId,
    detail: e.detail ?? null,
  };
}

const defaults: AuditTrailOptions = { delayMs: 500, batchSize: 500, maxPending: 100_000 };

/**
 * The audit trail's writer. Routes hand it entries after their answer is sent; it appends them in
 * batches (one multi-row INSERT at most every `delayMs`, or as soon as `batchSize` wait), so a
 * vital list or chart pays no database round trip for its audit entry. The price: entries of the
 * last `delayMs` are lost if the process is killed (a graceful stop flushes them), and entries wait
 * in memory (up to `maxPending`) while the database is down, then are written when it is back.
 */
export class AuditTrail {
  private pending: AuditEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private readonly options: AuditTrailOptions;
  /** Entries written since start (for the benchmark and tests). */
  written = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: Partial<AuditTrailOptions> = {},
  ) {
    this.options = { ...defaults, ...options };
  }

  record(entry: AuditEntry): void {
    this.pending.push(entry);
    if (this.pending.length > this.options.maxPending) {
      const dropped = this.pending.splice(0, this.pending.length - this.options.maxPending);
      this.log.error({ dropped: dropped.length }, 'audit trail: database unavailable too long, oldest entries dropped');
    }
    if (this.pending.length >= this.options.batchSize) void this.flush();
    else if (!this.timer && !this.retryTimer) {
      this.timer = setTimeout(() => void this.flush(), this.options.delayMs);
      this.timer.unref();
    }
  }

  /** Writes every waiting entry; resolves when they are stored (or the attempt failed and was logged). */
  flush(): Promise<void> {
    this.chain = this.chain.then(() => this.writeAll());
    return this.chain;
  }

  /** Stops the timers and writes what is waiting (the server's graceful stop). */
  async close(): Promise<void> {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    await this.flush();
    clearTimeout(this.timer);
    clearTimeout(this.retryTimer);
  }

  private async writeAll(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.pending.length > 0) {
      const batch = this.pending.slice(0, this.options.batchSize);
      try {
        await this.db.insert(auditLog).values(
          batch.map(auditRow),
        );
      } catch (error) {
        // Kept for the next attempt: an outage of the database delays the trail, it does not lose it.
        this.log.error({ err: error, waiting: this.pending.length }, 'audit trail: write failed, retrying in 1 s');
        if (!this.retryTimer) {
          this.retryTimer = setTimeout(() => {
            this.retryTimer = undefined;
            void this.flush();
          }, 1000);
          this.retryTimer.unref();
        }
        return;
      }
      this.pending.splice(0, batch.length);
      this.written += batch.length;
    }
  }
}
