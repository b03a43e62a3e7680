/**
 * Tables of the network module (issue 36): imported or scheduled Nmap scans with their hosts and findings,
 * the inventory of assets seen across scans, and the targets the server may scan on its own.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { tenants } from "../tenants/schema";

const createdAt = () =>
  integer("created_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

// One row per scan: the hosts in the import API's shape and the exposure findings, as JSON (a scan is read
// whole; the inventory below is what is queried across scans).
export const networkScans = sqliteTable(
  "network_scans",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    source: text("source", { enum: ["upload", "scheduled"] }).notNull(),
    // When Nmap started the scan (its XML's `start`), else the import time.
    startedAt: integer("started_at", { mode: "number" }).notNull(),
    userId: text("user_id"),
    // JSON: ScanHost[] (drift.ts)
    hosts: text("hosts").notNull(),
    // JSON: Finding[] (checks.ts)
    findings: text("findings").notNull(),
    hostCount: integer("host_count").notNull(),
    openPortCount: integer("open_port_count").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("network_scans_tenant_idx").on(t.tenantId, t.createdAt)],
);

// The inventory: one asset per address a scan found up, with when it was first and last seen.
export const networkAssets = sqliteTable(
  "network_assets",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    // JSON: string[]
    hostnames: text("hostnames").notNull().default("[]"),
    openPorts: integer("open_ports").notNull().default(0),
    firstSeenAt: integer("first_seen_at", { mode: "number" }).notNull(),
    lastSeenAt: integer("last_seen_at", { mode: "number" }).notNull(),
    lastScanId: text("last_scan_id"),
  },
  (t) => [uniqueIndex("network_assets_tenant_address_unique").on(t.tenantId, t.address)],
);

// What the server may scan by itself (RAMPART_NETWORK_SCANS=1): a host of a verified domain, or an IP range an
// owner attests and the operator approves (approvedAt set by `npm run admin`, never by the organization).
export const networkTargets = sqliteTable(
  "network_targets",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["domain-host", "ip-range"] }).notNull(),
    target: text("target").notNull(),
    attestedBy: text("attested_by").notNull(),
    approvedAt: integer("approved_at", { mode: "number" }),
    lastScanAt: integer("last_scan_at", { mode: "number" }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("network_targets_tenant_target_unique").on(t.tenantId, t.target)],
);
