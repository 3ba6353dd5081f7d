import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { EXPORT_JOB_ROWS } from '@vigil/contracts';
import type { MailSettings } from './notify/mailer.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** Environment variables Vigil reads; every one has a default fit for the embedded demo. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  /** Connections this instance holds to PostgreSQL (ignored on the embedded database, which has one). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Folder of the embedded PGlite database (ignored when DATABASE_URL is set). */
  DATA_DIR: z.string().default('./data/pglite'),
  /** Folder of uploaded files (headshots); default `uploads` beside DATA_DIR's folder. */
  UPLOAD_DIR: z.string().optional(),
  REDIS_URL: z.string().url().optional(),
  MQTT_URL: z.string().url().optional(),
  /** Absolute lifetime of a sign-in, in minutes (default 12 h: one shift plus handover). */
  TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).default(720),
  /** Idle timeout of a sign-in, in minutes: a console untouched this long must sign in again. */
  TOKEN_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  API_PREFIX: z
    .string()
    .regex(/^\/[a-z0-9\-/]*$/)
    .default('/api'),
  SOCKET_URL: z.string().default(''),
  MAPS_KEY: z.string().default(''),
  MAP_ID: z.string().default(''),
  /**
   * Tile address of the keyless open map used when no MAPS_KEY is set ({z}/{x}/{y} placeholders);
   * empty shows positions as coordinates only (a site without internet access).
   */
  MAP_TILES: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** Demo world and simulator; on by default only for the embedded database. */
  DEMO: bool.optional(),
  SIMULATOR: bool.optional(),
  /** Password of the single operator account created on a fresh production database. */
  ADMIN_PASSWORD: z.string().min(8).max(20).optional(),
  /**
   * 32-byte key (64 hex characters) that encrypts TOTP secrets at rest. Unset: a key file is made
   * beside DATA_DIR's folder on first use (`second-factor.key`, readable by the server's user only).
   */
  SECOND_FACTOR_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .optional(),
  /**
   * The console's origin for passkeys (`https://vigil.example.org`); unset, the address the
   * browser used (its Host header) is taken, which suits a console served by this server.
   */
  WEBAUTHN_ORIGIN: z.string().url().optional(),
  /**
   * Outgoing mail for the email channel and scheduled reports (`smtp://user:pass@host:587`,
   * `smtps://…:465`); unset, no mail is sent (the operator's settings page can set it too).
   */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'expected smtp:// or smtps://').optional(),
  SMTP_FROM: z.string().min(3).default('Vigil <vigil@localhost>'),
  /** Above this many rows a list's export is made as a job, not streamed (docs/reports.md "Large exports"). */
  EXPORT_JOB_ROWS: z.coerce.number().int().min(0).default(EXPORT_JOB_ROWS),
  /** Bearer token a Prometheus scraper sends to GET /metrics; unset, /metrics does not exist. */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  /**
   * Who runs this server, for push services (RFC 8292: `mailto:ops@example.org` or an https
   * address); unset, web push is off. The VAPID key pair itself is made on first start.
   */
  VAPID_SUBJECT: z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'expected mailto:address or https://address').optional(),
  /** Base address of the LINE Messaging API; only tests point it elsewhere (a local stand-in). */
  LINE_API_BASE: z.string().url().default('https://api.line.me'),
  /**
   * A LINE channel for the whole server (docs/notifications.md): its access token and secret. Unset,
   * the operator's settings page may set them; each organisation may connect its own (docs/channels.md).
   */
  LINE_CHANNEL_TOKEN: z.string().min(1).optional(),
  LINE_CHANNEL_SECRET: z.string().min(1).optional(),
  /** The console's address as people open it, for links in messages (default: this server on localhost). */
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /**
   * Failed sign-ins per account (a ceiling over all addresses) and per address, in each 15-minute
   * window; one account at one address meets growing delays first (auth/login-throttle.ts).
   */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(100),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  /**
   * Which peers may set X-Forwarded-For (Fastify's trustProxy): `false` (default: the socket's own
   * address is the client), `true` (any peer: only behind a proxy nothing else can reach), a hop
   * count, or comma-separated proxy addresses and CIDRs.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, ctx): TrustProxy => {
      if (/^(false|0|no|off)?$/i.test(v)) return false;
      if (/^(true|yes|on)$/i.test(v)) return true;
      if (/^[1-9][0-9]?$/.test(v)) return Number(v);
      const list = v.split(',').map((a) => a.trim()).filter(Boolean);
      if (list.every((a) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(a))) return list;
      ctx.addIssue({ code: 'custom', message: 'expected true, false, a hop count or comma-separated addresses/CIDRs' });
      return z.NEVER;
    }),
});

/** What Fastify's `trustProxy` option takes, as far as an environment variable can say it. */
export type TrustProxy = boolean | number | string[];

export type Config = {
  port: number;
  host: string;
  databaseUrl?: string;
  databasePoolSize: number;
  dataDir: string;
  uploadDir: string;
  redisUrl?: string;
  mqttUrl?: string;
  tokenTtlMinutes: number;
  tokenIdleMinutes: number;
  apiPrefix: string;
  socketUrl: string;
  mapsKey: string;
  mapId: string;
  mapTiles: string;
  demo: boolean;
  simulator: boolean;
  adminPassword?: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDist?: string;
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerAddress: number;
  trustProxy: TrustProxy;
  secondFactorKey?: string;
  webauthnOrigin?: string;
  smtp?: MailSettings;
  metricsToken?: string;
  exportJobRows: number;
  vapidSubject?: string;
  /** Each field set by its environment variable, which wins over the settings page. */
  line: { baseUrl?: string; token?: string; secret?: string };
  publicUrl?: string;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const embedded = !e.DATABASE_URL;
  const demo = e.DEMO ?? embedded;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: e.DATA_DIR,
    uploadDir: e.UPLOAD_DIR ?? join(e.DATA_DIR, '..', 'uploads'),
    redisUrl: e.REDIS_URL,
    mqttUrl: e.MQTT_URL,
    tokenTtlMinutes: e.TOKEN_TTL_MINUTES,
    tokenIdleMinutes: e.TOKEN_IDLE_MINUTES,
    apiPrefix: e.API_PREFIX.replace(/\/$/, '') || '/api',
    socketUrl: e.SOCKET_URL,
    mapsKey: e.MAPS_KEY,
    mapId: e.MAP_ID,
    mapTiles: e.MAP_TILES,
    demo,
    simulator: e.SIMULATOR ?? demo,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    loginMaxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    loginMaxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
    trustProxy: e.TRUST_PROXY,
    vapidSubject: e.VAPID_SUBJECT,
    secondFactorKey: e.SECOND_FACTOR_KEY,
    webauthnOrigin: e.WEBAUTHN_ORIGIN,
    metricsToken: e.METRICS_TOKEN,
    exportJobRows: e.EXPORT_JOB_ROWS,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM } : undefined,
    line: { baseUrl: e.LINE_API_BASE === 'https://api.line.me' ? undefined : e.LINE_API_BASE.replace(/\/$/, ''), token: e.LINE_CHANNEL_TOKEN, secret: e.LINE_CHANNEL_SECRET },
    publicUrl: e.PUBLIC_URL,
  };
}

const TEST_SECOND_FACTOR_KEY = createHash('sha256').update('vigil test second-factor key').digest('hex');

/** A config for tests: embedded database, quiet logs, no demo unless asked. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // One fixed key for every test app (the template database's demo secrets are sealed with it), so
  // tests never write a key file beside the repository's data folder.
  return { ...loadConfig({ LOG_LEVEL: 'silent', DEMO: 'false' }), secondFactorKey: TEST_SECOND_FACTOR_KEY, ...overrides };
}
