import type { NotifyChannel, NotifySettingsDetail, NotifySettingsUpdate } from '@vigil/contracts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { notifySettings } from '../db/schema/index.ts';
import type { SecretSealer } from '../auth/second-factor/sealing.ts';
import { Mailer, type MailSettings } from './mailer.ts';

/** Stored fields per settings key; the `*_sealed` ones hold secrets sealed with the server's key. */
type Stored = {
  smtp?: { url_sealed?: string; from?: string };
  line?: { base_url?: string; token_sealed?: string; secret_sealed?: string };
  vapid?: { subject?: string };
};

export type LineSettings = { baseUrl: string; token: string; secret: string };

/** Re-read at most this often, so a change made on another instance is seen. */
const TTL_MS = 30_000;
export const DEFAULT_LINE_BASE_URL = 'https://api.line.me';

/**
 * The channels' settings: each field from its environment variable when set (it wins), else from
 * the operator's settings page (notify_settings, secrets sealed like second-factor secrets). Read
 * from the database only by `load()`, which the outbox worker and the settings routes call outside
 * any transaction; everything else reads the last loaded values without a query.
 */
export class ChannelSettings {
  #stored: Stored = {};
  #loadedAt = 0;
  #mailer: Mailer | null = null;
  #mailerKey = '';

  constructor(
    private readonly config: Config,
    private readonly db: Db,
    private readonly sealer: () => Promise<SecretSealer>,
  ) {
    this.#refreshMailer();
  }

  async load(force = false): Promise<void> {
    if (!force && Date.now() - this.#loadedAt < TTL_MS) return;
    const rows = await this.db.select().from(notifySettings);
    const sealer = rows.length ? await this.sealer() : null;
    const stored: Stored = {};
    for (const row of rows) {
      const v = Object.fromEntries(Object.entries(row.value).map(([k, x]) => [k, k.endsWith('_sealed') && sealer ? sealer.open(x) : x]));
      (stored as Record<string, unknown>)[row.key] = v;
    }
    this.#stored = stored;
    this.#loadedAt = Date.now();
    this.#refreshMailer();
  }

  smtp(): MailSettings | null {
    if (this.config.smtp) return this.config.smtp;
    const url = this.#stored.smtp?.url_sealed;
    return url ? { url, from: this.#stored.smtp?.from || 'Vigil <vigil@localhost>' } : null;
  }

  /**
   * Where LINE's API answers, for every channel (the server-wide one and each organisation's):
   * LINE_API_BASE, else the operator's page, else LINE itself.
   */
  lineBaseUrl(): string {
    return this.config.line.baseUrl ?? (this.#stored.line?.base_url || DEFAULT_LINE_BASE_URL);
  }

  line(): LineSettings | null {
    const token = this.config.line.token ?? this.#stored.line?.token_sealed;
    const secret = this.config.line.secret ?? this.#stored.line?.secret_sealed;
    if (!token || !secret) return null;
    return { baseUrl: this.lineBaseUrl(), token, secret };
  }

  vapidSubject(): string | null {
    return this.config.vapidSubject ?? (this.#stored.vapid?.subject || null);
  }

  /** The SMTP transport for the current settings (rebuilt when they change), or null. */
  mailer(): Mailer | null {
    return this.#mailer;
  }

  #refreshMailer(): void {
    const smtp = this.smtp();
    const key = smtp ? `${smtp.url}\n${smtp.from}` : '';
    if (key === this.#mailerKey) return;
    this.#mailer?.close();
    this.#mailer = smtp ? new Mailer(smtp) : null;
    this.#mailerKey = key;
  }

  /** Which channels have their settings (push needs its subject; its keys are made on first start). */
  configuredChannels(): NotifyChannel[] {
    const live: NotifyChannel[] = [];
    if (this.vapidSubject()) live.push('push');
    if (this.smtp()) live.push('email');
    if (this.line()) live.push('line');
    return live;
  }

  detail(live: NotifyChannel[]): NotifySettingsDetail {
    const source = (env: unknown, page: unknown) => (env ? 'env' : page ? 'page' : 'none') as 'env' | 'page' | 'none';
    const line = this.line();
    return {
      smtp: { source: source(this.config.smtp, this.#stored.smtp?.url_sealed), url_set: this.smtp() !== null, from: this.smtp()?.from ?? '' },
      line: {
        source: source(this.config.line.token, this.#stored.line?.token_sealed),
        base_url: this.lineBaseUrl(),
        token_set: Boolean(line?.token ?? this.#stored.line?.token_sealed),
        secret_set: Boolean(line?.secret ?? this.#stored.line?.secret_sealed),
      },
      vapid: { source: source(this.config.vapidSubject, this.#stored.vapid?.subject), subject: this.vapidSubject() ?? '' },
      live,
    };
  }

  /** Stores the page's changes (secrets sealed); an empty string clears a field. */
  async update(change: NotifySettingsUpdate, by: number): Promise<void> {
    await this.load(true);
    const sealer = await this.sealer();
    const seal = (v: string | undefined, old: string | undefined) => (v === undefined ? old : v === '' ? undefined : v);
    const next: Stored = {
      smtp: { url_sealed: seal(change.smtp_url, this.#stored.smtp?.url_sealed), from: change.smtp_from ?? this.#stored.smtp?.from },
      line: {
        base_url: seal(change.line_base_url, this.#stored.line?.base_url),
        token_sealed: seal(change.line_token, this.#stored.line?.token_sealed),
        secret_sealed: seal(change.line_secret, this.#stored.line?.secret_sealed),
      },
      vapid: { subject: seal(change.vapid_subject, this.#stored.vapid?.subject) },
    };
    for (const [key, fields] of Object.entries(next) as [string, Record<string, string | undefined>][]) {
      const value: Record<string, string> = {};
      for (const [k, v] of Object.entries(fields)) if (v !== undefined) value[k] = k.endsWith('_sealed') ? sealer.seal(v) : v;
      await this.db
        .insert(notifySettings)
        .values({ key, value, updatedBy: by })
        .onConflictDoUpdate({ target: notifySettings.key, set: { value, updatedBy: by, updatedAt: new Date() } });
    }
    await this.load(true);
  }

  close(): void {
    this.#mailer?.close();
  }
}
