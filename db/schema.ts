import { sql } from "drizzle-orm";
import { bigserial, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { roles } from "../lib/auth/roles";
import { connectionEnvironments } from "../lib/connections/environments";

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  name: text("name").notNull().default(""),
  role: text("role", { enum: roles }).notNull(),
  /** argon2id hash; null for users who only sign in through OIDC. */
  passwordHash: text("password_hash"),
  /** Set for a generated one-time password: the user must choose a new one after signing in. */
  mustChangePassword: boolean("must_change_password").notNull().default(false),
  active: boolean("active").notNull().default(true),
  oidcSubject: text("oidc_subject").unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type User = typeof users.$inferSelect;

/**
 * Failed sign-ins per email as typed (whether or not an account exists, so that a lockout
 * never tells which emails are registered).
 */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_in_failures_email_at").on(t.email, t.at)],
);

export const signInLocks = pgTable("sign_in_locks", {
  email: text("email").primaryKey(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }).notNull(),
});

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept as text so the row still says who acted after the user is gone, and for failed sign-ins. */
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    target: text("target"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    index("audit_log_at").on(t.at.desc()),
    index("audit_log_action_at").on(t.action, t.at.desc()),
    index("audit_log_actor_at").on(t.actorEmail, t.at.desc()),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;

/** A registry API account the console calls. Secrets are sealed with lib/crypto.ts, never stored in clear. */
export const registryConnections = pgTable(
  "registry_connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull().unique(),
    environment: text("environment", { enum: connectionEnvironments }).notNull(),
    baseUrl: text("base_url").notNull(),
    apiKeySealed: text("api_key_sealed").notNull(),
    /** The key as it may be shown: its prefix and last four characters. */
    apiKeyHint: text("api_key_hint").notNull(),
    webhookSecretSealed: text("webhook_secret_sealed"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("registry_connections_one_default").on(t.isDefault).where(sql`${t.isDefault}`)],
);

export type RegistryConnection = typeof registryConnections.$inferSelect;
