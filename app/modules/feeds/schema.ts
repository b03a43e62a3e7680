/**
 * Tables of the feeds module (issue 30): public data, no tenant.
 */
import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

// One row per feed (an OSV ecosystem export, CISA KEV, FIRST EPSS, the Pwned
// Passwords range API, an operator's file import) with the last attempt and
// success, the records it holds, the last error and the HTTP validator
// (Last-Modified) an incremental download sends back.
export const feedState = sqliteTable("feed_state", {
  feed: text("feed").primaryKey(),
  lastAttemptAt: integer("last_attempt_at", { mode: "number" }),
  lastSuccessAt: integer("last_success_at", { mode: "number" }),
  records: integer("records").notNull().default(0),
  lastError: text("last_error"),
  // The Last-Modified value of the last full download, sent as If-Modified-Since.
  validator: text("validator"),
  // The newest `modified` time read from the export's modified_id.csv (incremental OSV).
  cursor: text("cursor"),
});

// CISA Known Exploited Vulnerabilities, by CVE id (the catalogue's cveID).
export const kevEntries = sqliteTable("kev_entries", {
  cveId: text("cve_id").primaryKey(),
  dateAdded: text("date_added").notNull(),
  vendor: text("vendor").notNull().default(""),
  product: text("product").notNull().default(""),
  name: text("name").notNull().default(""),
  ransomware: integer("ransomware", { mode: "boolean" }).notNull().default(false),
});

// FIRST EPSS scores (probability of exploitation in the next 30 days), by CVE id.
export const epssScores = sqliteTable("epss_scores", {
  cveId: text("cve_id").primaryKey(),
  epss: real("epss").notNull(),
  percentile: real("percentile").notNull(),
});
