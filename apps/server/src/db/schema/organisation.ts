import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { AlertRouteCategory, ApiPermission, SidebarItem } from '@vigil/contracts';
import { auditColumns, ts } from './columns.ts';

export const orgs = pgTable(
  'orgs',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    type: smallint('type').notNull(),
    /** A care organisation (type 1) that is a security company: guard roles 14–16 belong here. */
    isGuard: boolean('is_guard').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    phone: varchar('phone', { length: 30 }),
    address: varchar('address', { length: 200 }),
    /** Minutes an abnormal event may stay unhandled before it is escalated. */
    escalationMinutes: integer('escalation_minutes').notNull().default(30),
    /** Its admin roles must sign in with a second factor (the operator level always must). */
    requireSecondFactor: boolean('require_second_factor').notNull().default(false),
    ...auditColumns,
  },
  (t) => [uniqueIndex('orgs_name_uq').on(t.name), check('orgs_type_ck', sql`${t.type} between 0 and 5`)],
);

/** A care organisation served by a pharmacy, hospital, clinic or security company. */
export const orgRelations = pgTable(
  'org_relations',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    relatedOrgId: integer('related_org_id')
      .notNull()
      .references(() => orgs.id),
    /** What the relation grants the related organisation, e.g. ['members', 'delivery', 'abnormal']. */
    grants: jsonb('grants').$type<string[]>().notNull().default([]),
    /**
     * With the `abnormal` grant: the alert routing categories the related organisation receives
     * (contracts `AlertRouteCategory`); null until named, when `defaultRelationCategories` applies.
     */
    alertCategories: jsonb('alert_categories').$type<AlertRouteCategory[]>(),
    enabled: boolean('enabled').notNull().default(true),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('org_relations_pair_uq').on(t.orgId, t.relatedOrgId),
    index('org_relations_related_idx').on(t.relatedOrgId),
  ],
);

export const orgFeatures = pgTable(
  'org_features',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    feature: varchar('feature', { length: 60 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.feature] })],
);

export const areas = pgTable(
  'areas',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    name: varchar('name', { length: 100 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('areas_org_name_uq').on(t.orgId, t.name)],
);

export const apiGroups = pgTable(
  'api_groups',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    remark: text('remark'),
    permissions: jsonb('permissions').$type<ApiPermission[]>().notNull().default([]),
    /**
     * A role's default group: the role, and the role's default pairs as this group last took them
     * (db/default-groups.ts). Against them an upgrade tells the pairs a version adds or removes
     * from what an admin changed. Null on groups an admin made.
     */
    defaultRole: smallint('default_role'),
    defaultPermissions: jsonb('default_permissions').$type<ApiPermission[]>(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('api_groups_name_uq').on(t.name)],
);

/** One row per SPEC §6 role: its current API group and its sidebar tree. */
export const roles = pgTable('roles', {
  id: smallint('id').primaryKey(),
  apiGroupId: integer('api_group_id')
    .notNull()
    .references(() => apiGroups.id),
  sidebar: jsonb('sidebar').$type<SidebarItem[]>().notNull().default([]),
  /**
   * The role's default sidebar as this row last took it (db/default-sidebars.ts): against it an
   * upgrade tells the pages a version adds or removes from what an admin changed.
   */
  defaultSidebar: jsonb('default_sidebar').$type<SidebarItem[]>(),
  ...auditColumns,
});

export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    areaId: integer('area_id').references(() => areas.id),
    role: smallint('role')
      .notNull()
      .references(() => roles.id),
    account: varchar('account', { length: 20 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    phone: varchar('phone', { length: 30 }),
    email: varchar('email', { length: 120 }),
    headshot: varchar('headshot', { length: 120 }),
    enabled: boolean('enabled').notNull().default(true),
    passwordChangedAt: ts('password_changed_at'),
    /** Hashes of the passwords before the current one, newest first (at most PASSWORD_HISTORY). */
    previousPasswordHashes: jsonb('previous_password_hashes').$type<string[]>().notNull().default([]),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('staff_account_uq').on(sql`lower(${t.account})`),
    index('staff_org_idx').on(t.orgId, t.areaId),
  ],
);

/** A staff member granted another role until an expiry. */
export const tempRoles = pgTable(
  'temp_roles',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    role: smallint('role')
      .notNull()
      .references(() => roles.id),
    startsAt: ts('starts_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    grantedBy: integer('granted_by').references(() => staff.id),
    remark: text('remark'),
    ...auditColumns,
  },
  (t) => [index('temp_roles_staff_idx').on(t.staffId, t.expiresAt)],
);

/** Server-side record of each sign-in: logout and disabling revoke it at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
    /** When the user last proved who they are in this session (sign-in or step-up). */
    authenticatedAt: ts('authenticated_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_staff_idx').on(t.staffId)],
);

/**
 * A staff member's TOTP authenticator (RFC 6238). The secret is AES-256-GCM encrypted with the
 * server's second-factor key; `last_step` is the newest time step accepted, so a code is never
 * accepted twice. Recovery codes are kept as SHA-256 hashes and each works once.
 */
export const staffTotp = pgTable('staff_totp', {
  staffId: integer('staff_id')
    .primaryKey()
    .references(() => staff.id),
  secret: text('secret').notNull(),
  /** Null while enrolling: the authenticator counts only once a code from it has been confirmed. */
  confirmedAt: ts('confirmed_at'),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  recoveryCodeHashes: jsonb('recovery_code_hashes').$type<string[]>().notNull().default([]),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A WebAuthn credential (passkey) registered by a staff member. */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential id, base64url. */
    id: varchar('id', { length: 512 }).primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    name: varchar('name', { length: 60 }).notNull(),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('passkeys_staff_idx').on(t.staffId)],
);

/**
 * A sign-in or ceremony in progress: the password was right and a second factor is awaited
 * (`staff_id` set), or a WebAuthn challenge was issued. Stored by the SHA-256 of the token the
 * client holds; each is used once and lives five minutes.
 */
export const authChallenges = pgTable('auth_challenges', {
  id: varchar('id', { length: 64 }).primaryKey(),
  staffId: integer('staff_id').references(() => staff.id),
  /** The WebAuthn challenge issued for it, base64url. */
  challenge: varchar('challenge', { length: 128 }),
  expiresAt: ts('expires_at').notNull(),
});

/** Change log of staff (SPEC §3 user change kind: enable 0, role 1, area 2). */
export const staffChangeLogs = pgTable(
  'staff_change_logs',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    kind: smallint('kind').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    operatorId: integer('operator_id').references(() => staff.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('staff_change_logs_org_idx').on(t.orgId, t.createdAt)],
);
