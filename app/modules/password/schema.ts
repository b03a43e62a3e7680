/**
 * Tables of the password module: the Pwned Passwords range stores.
 */
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

// ---------------------------------------------------------------------------
// Pwned Passwords range store: SHA-1 split into a 5-hex prefix and 35-hex suffix.
// ---------------------------------------------------------------------------
export const pwnedHashes = sqliteTable(
  "pwned_hashes",
  {
    prefix: text("prefix").notNull(),
    suffix: text("suffix").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.suffix] })],
);

// ---- Pwned Passwords NTLM range store (issue 28) ----
// The downloader's NTLM mode: a 32-hex NTLM hash split into a 5-hex prefix and a
// 27-hex suffix. Its own table so a SHA-1 range can never answer an NTLM request
// (or the reverse), and "is any NTLM data loaded" is one row read.
export const pwnedNtlmHashes = sqliteTable(
  "pwned_ntlm_hashes",
  {
    prefix: text("prefix").notNull(),
    suffix: text("suffix").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.suffix] })],
);

// Pwned Passwords range answers fetched from the live API (issue 30), by 5-hex prefix, kept
// until expires_at (only counts > 0 are stored: the padding lines are dropped).
export const pwnedRangeCache = sqliteTable("pwned_range_cache", {
  prefix: text("prefix").primaryKey(),
  body: text("body").notNull(),
  fetchedAt: integer("fetched_at", { mode: "number" }).notNull(),
  expiresAt: integer("expires_at", { mode: "number" }).notNull(),
});
