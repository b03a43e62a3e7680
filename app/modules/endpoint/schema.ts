/**
 * Tables of the Endpoint Security module: enroll secrets (hashed), enrolled hosts with their node keys (hashed),
 * each host's latest inventory, its installed packages, the queries handed to osquery agents and their answers,
 * and per-policy results with one reading a day for the compliance history.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { tenants } from "../tenants/schema";
import { users } from "../accounts/schema";

const now = () => sql`(unixepoch('subsec') * 1000)`;

export const endpointEnrollSecrets = sqliteTable(
  "endpoint_enroll_secrets",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // SHA-256 of the secret: 256 random bits, so a fast unsalted hash is the right tool (as for API tokens).
    secretHash: text("secret_hash").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "number" }).notNull().default(now()),
    revokedAt: integer("revoked_at", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("endpoint_enroll_secrets_hash_idx").on(t.secretHash),
    index("endpoint_enroll_secrets_tenant_idx").on(t.tenantId),
  ],
);

/** What a host last reported about itself (null: never reported). */
export type HostPosture = {
  diskEncryption: boolean | null;
  firewall: boolean | null;
  screenLock: boolean | null;
  autoUpdate: boolean | null;
  users: { name: string; uid: number | null; admin: boolean }[] | null;
  listeningPorts: { port: number; protocol: string; address: string; process: string | null }[] | null;
};

export const endpointHosts = sqliteTable(
  "endpoint_hosts",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    // "osquery" (enrolled agent, node key) or "collector" (the script, an API token).
    source: text("source", { enum: ["osquery", "collector"] }).notNull(),
    // SHA-256 of the osquery node key; null for collector hosts.
    nodeKeyHash: text("node_key_hash"),
    enrollSecretId: text("enroll_secret_id"),
    // osquery's host_identifier (hostname or UUID per --host_identifier), or the collector's machine id.
    hostIdentifier: text("host_identifier").notNull(),
    hostname: text("hostname").notNull(),
    platform: text("platform").notNull(),
    osName: text("os_name"),
    osVersion: text("os_version"),
    agentVersion: text("agent_version"),
    posture: text("posture", { mode: "json" }).$type<HostPosture>().notNull(),
    enrolledAt: integer("enrolled_at", { mode: "number" }).notNull().default(now()),
    lastSeenAt: integer("last_seen_at", { mode: "number" }).notNull().default(now()),
    inventoryAt: integer("inventory_at", { mode: "number" }),
    revokedAt: integer("revoked_at", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("endpoint_hosts_node_key_idx").on(t.nodeKeyHash),
    uniqueIndex("endpoint_hosts_identity_idx").on(t.tenantId, t.source, t.hostIdentifier),
  ],
);

export const endpointPackages = sqliteTable(
  "endpoint_packages",
  {
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    hostId: text("host_id")
      .notNull()
      .references(() => endpointHosts.id, { onDelete: "cascade" }),
    // deb | rpm | apk | programs | apps | npm | python ...: where the package was read from.
    source: text("source").notNull(),
    name: text("name").notNull(),
    version: text("version").notNull(),
    // The OSV ecosystem the package is matched in ("Debian:12", "Ubuntu:22.04", "Alpine:v3.19", ...), null when
    // no OSV ecosystem covers it (Windows programs, macOS apps): those are "not checked".
    ecosystem: text("ecosystem"),
  },
  (t) => [
    primaryKey({ columns: [t.hostId, t.source, t.name, t.version] }),
    index("endpoint_packages_tenant_idx").on(t.tenantId),
  ],
);

export const endpointQueries = sqliteTable(
  "endpoint_queries",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    hostId: text("host_id")
      .notNull()
      .references(() => endpointHosts.id, { onDelete: "cascade" }),
    policyId: text("policy_id").notNull(),
    sql: text("sql").notNull(),
    createdAt: integer("created_at", { mode: "number" }).notNull().default(now()),
    sentAt: integer("sent_at", { mode: "number" }),
    answeredAt: integer("answered_at", { mode: "number" }),
  },
  (t) => [index("endpoint_queries_host_idx").on(t.hostId, t.answeredAt)],
);

export const endpointPolicyResults = sqliteTable(
  "endpoint_policy_results",
  {
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    hostId: text("host_id")
      .notNull()
      .references(() => endpointHosts.id, { onDelete: "cascade" }),
    policyId: text("policy_id").notNull(),
    // true: the query returned rows; false: none; null: the agent could not run it (status ≠ 0): not checked.
    passing: integer("passing", { mode: "boolean" }),
    message: text("message"),
    checkedAt: integer("checked_at", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.hostId, t.policyId] }), index("endpoint_policy_results_tenant_idx").on(t.tenantId)],
);

export const endpointPolicyHistory = sqliteTable(
  "endpoint_policy_history",
  {
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    policyId: text("policy_id").notNull(),
    passing: integer("passing").notNull(),
    failing: integer("failing").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.policyId] })],
);
