/**
 * Breach matching, shared by the app and the import script
 * (scripts/import-breach.ts), so there is one implementation of who is
 * exposed by which breach.
 *
 * Privacy model (docs/breach-data.md): an exposed account is kept only as
 * HMAC-SHA256(key, trim(lower(email))) beside the e-mail's domain in clear.
 * The key is its own random secret in the data directory
 * (`breach-hmac-key`, mode 0600), never the session secret, so a copy of the
 * database alone cannot be turned back into addresses by hashing a list of
 * guesses.
 *
 * Visibility rules (after Have I Been Pwned): retired breaches match nobody;
 * sensitive breaches are shown to a tenant only for a domain it has had
 * verified by an operator (for a watched domain, or a watched e-mail at that
 * domain), because being in them is itself revealing.
 *
 * Every function takes the better-sqlite3 handle, so the app passes its own
 * connection and the script the one it opened.
 */
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Database } from "better-sqlite3";

export type Level = "low" | "medium" | "high";
export type Match = {
  tenantId: string;
  identityId: string;
  type: "email" | "domain";
  value: string;
  breachId: string;
  accountCount: number;
};
type MatchFilter = { breachId?: string; identityId?: string; tenantId?: string; domain?: string };
type RecordOptions = { alert?: boolean; now?: number };

export const HMAC_KEY_FILE = "breach-hmac-key";

/** The one normalisation of an e-mail address before hashing: trim and lower-case. */
export function normaliseEmail(email: string): string {
  return String(email).trim().toLowerCase();
}

/** The domain part of an e-mail address (after the last @), lower-cased; "" when there is none. */
export function emailDomain(email: string): string {
  const e = normaliseEmail(email);
  const at = e.lastIndexOf("@");
  return at > 0 && at < e.length - 1 ? e.slice(at + 1) : "";
}

/** HMAC-SHA256 of the normalised address, hex. */
export function hashEmail(key: string, email: string): string {
  if (!key || String(key).length < 32) throw new Error("The breach HMAC key is missing or too short");
  return createHmac("sha256", String(key)).update(normaliseEmail(email)).digest("hex");
}

/**
 * Reads the HMAC key kept in `dir`, creating it (32 random bytes, base64url,
 * mode 0600) on first use. Same file and format as fileSecret() in
 * app/lib/env.server.ts, which the app uses for the same key.
 */
export function readOrCreateHmacKey(dir: string): string {
  const file = path.join(dir, HMAC_KEY_FILE);
  try {
    const value = fs.readFileSync(file, "utf8").trim();
    if (value.length >= 32) return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(dir, { recursive: true });
  const value = randomBytes(32).toString("base64url");
  try {
    // wx: never overwrite a key another process wrote a moment ago.
    fs.writeFileSync(file, value + "\n", { mode: 0o600, flag: "wx" });
    return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return fs.readFileSync(file, "utf8").trim();
    throw error;
  }
}

// ---------------------------------------------------------------------------
// Severity from the data classes exposed (HIBP's data class names).
// ---------------------------------------------------------------------------

/** Data that lets someone take over an account or money: act now. */
export const HIGH_DATA_CLASSES = [
  "passwords",
  "password hints",
  "historical passwords",
  "security questions and answers",
  "auth tokens",
  "credit cards",
  "partial credit card data",
  "credit card cvv",
  "bank account numbers",
  "government issued ids",
  "social security numbers",
  "passport numbers",
  "pins",
  "private messages",
  "chat logs",
];

/** Data that helps targeted phishing or identity fraud. */
export const MEDIUM_DATA_CLASSES = [
  "phone numbers",
  "physical addresses",
  "dates of birth",
  "ip addresses",
  "names",
  "usernames",
  "geographic locations",
  "employers",
  "job titles",
  "sexual orientations",
  "health insurance information",
  "religions",
  "ethnicities",
  "device information",
  "purchases",
  "income levels",
];

/** "high", "medium" or "low" for a list of data classes. */
export function severityForDataClasses(dataClasses: readonly string[] | null | undefined): Level {
  const lower = (dataClasses ?? []).map((c) => String(c).trim().toLowerCase());
  if (lower.some((c) => HIGH_DATA_CLASSES.includes(c))) return "high";
  if (lower.some((c) => MEDIUM_DATA_CLASSES.includes(c))) return "medium";
  return "low";
}

const RANK: Record<Level, number> = { low: 1, medium: 2, high: 3 };

export function maxSeverity(levels: Iterable<Level>): Level {
  let best: Level = "low";
  for (const l of levels) if (RANK[l] > RANK[best]) best = l;
  return best;
}

// ---------------------------------------------------------------------------
// Matching
// ---------------------------------------------------------------------------

/**
 * SQL condition: breach `b` may be shown to the tenant of watched identity `w`.
 * Kept as one fragment so matching and listing apply the same rule.
 */
export const VISIBLE_TO_IDENTITY_SQL = `b.is_retired = 0 AND (b.is_sensitive = 0 OR EXISTS (
  SELECT 1 FROM watched_identities v
  WHERE v.tenant_id = w.tenant_id AND v.type = 'domain' AND v.verified = 1 AND v.value = w.domain))`;

/**
 * Watched identities exposed by breaches, as candidate exposures
 * `{ tenantId, identityId, type, value, breachId, accountCount }`.
 * Narrow with `breachId` (after an import), `identityId` (after an add) or
 * `tenantId` + `domain` (after a verification); with no filter, everything.
 */
export function findMatches(sqlite: Database, filter: MatchFilter = {}): Match[] {
  const where = [VISIBLE_TO_IDENTITY_SQL];
  const params: MatchFilter = {};
  if (filter.breachId) {
    where.push("a.breach_id = @breachId");
    params.breachId = filter.breachId;
  }
  if (filter.identityId) {
    where.push("w.id = @identityId");
    params.identityId = filter.identityId;
  }
  if (filter.tenantId) {
    where.push("w.tenant_id = @tenantId");
    params.tenantId = filter.tenantId;
  }
  if (filter.domain) {
    where.push("w.domain = @domain");
    params.domain = filter.domain;
  }
  const cond = where.join(" AND ");
  // An unverified domain matches nothing: anyone can type any domain, and its
  // exposed-account counts are for the organization that controls it (issue 10).
  // Two queries rather than one OR join so each uses its index:
  // e-mails by (breach_id, email_hash) / email_hash, domains by domain.
  const emails = sqlite
    .prepare(
      `SELECT w.tenant_id AS tenantId, w.id AS identityId, w.type AS type, w.value AS value,
              a.breach_id AS breachId, 1 AS accountCount
       FROM watched_identities w
       JOIN breach_accounts a ON a.email_hash = w.email_hash
       JOIN breaches b ON b.id = a.breach_id
       WHERE w.type = 'email' AND ${cond}`,
    )
    .all(params) as Match[];
  const domains = sqlite
    .prepare(
      `SELECT w.tenant_id AS tenantId, w.id AS identityId, w.type AS type, w.value AS value,
              a.breach_id AS breachId, count(*) AS accountCount
       FROM watched_identities w
       JOIN breach_accounts a ON a.domain = w.value
       JOIN breaches b ON b.id = a.breach_id
       WHERE w.type = 'domain' AND w.verified = 1 AND ${cond}
       GROUP BY w.id, a.breach_id`,
    )
    .all(params) as Match[];
  return [...emails, ...domains];
}

/**
 * Stores candidate exposures. Only those that did not exist yet count as new;
 * with `alert`, each new one raises a 'dark-web' alert whose dedupe key
 * (identity + breach) makes a second raise impossible. Answers the new ones.
 */
export function recordExposures(
  sqlite: Database,
  matches: Match[],
  { alert = true, now = Date.now() }: RecordOptions = {},
): Match[] {
  const insertExposure = sqlite.prepare(
    `INSERT INTO exposures (id, tenant_id, identity_id, breach_id, account_count, status, created_at)
     VALUES (@id, @tenantId, @identityId, @breachId, @accountCount, 'open', @now)
     ON CONFLICT (identity_id, breach_id) DO NOTHING`,
  );
  const updateCount = sqlite.prepare(
    `UPDATE exposures SET account_count = @accountCount
     WHERE identity_id = @identityId AND breach_id = @breachId AND account_count <> @accountCount`,
  );
  const insertAlert = sqlite.prepare(
    `INSERT INTO alerts (id, tenant_id, source, severity, title, detail, status, dedupe_key, created_at)
     VALUES (@id, @tenantId, 'dark-web', @severity, @title, @detail, 'active', @dedupeKey, @now)
     ON CONFLICT (tenant_id, dedupe_key) DO NOTHING`,
  );
  const breachById = sqlite.prepare(
    `SELECT id, name, title, breach_date AS breachDate, data_classes AS dataClasses FROM breaches WHERE id = ?`,
  );
  type BreachRow = { id: string; name: string; title: string; breachDate: string; dataClasses: string };
  type Breach = Omit<BreachRow, "dataClasses"> & { dataClasses: string[] };
  const breachCache = new Map<string, Breach>();
  const created: Match[] = [];
  const run = sqlite.transaction(() => {
    for (const m of matches) {
      const r = insertExposure.run({ ...m, id: randomUUID(), now });
      if (r.changes === 0) {
        // A domain's count grows when a re-import brings more of its accounts; that is not a new exposure.
        updateCount.run(m);
        continue;
      }
      created.push(m);
      if (!alert) continue;
      let breach = breachCache.get(m.breachId);
      if (!breach) {
        const row = breachById.get(m.breachId) as BreachRow;
        breach = { ...row, dataClasses: JSON.parse(row.dataClasses || "[]") };
        breachCache.set(m.breachId, breach);
      }
      const who =
        m.type === "email" ? m.value : `${m.accountCount} account${m.accountCount === 1 ? "" : "s"} at ${m.value}`;
      insertAlert.run({
        id: randomUUID(),
        tenantId: m.tenantId,
        severity: severityForDataClasses(breach.dataClasses),
        title: `${who} found in the ${breach.title} breach`,
        detail: `Breach of ${breach.breachDate}. Exposed data: ${breach.dataClasses.join(", ") || "not stated"}. See Dark Web Monitoring for what to do.`,
        dedupeKey: `dark-web:${m.identityId}:${m.breachId}`,
        now,
      });
    }
  });
  run();
  return created;
}

/** After an import: match one breach against every tenant's watchlist. */
export function matchBreach(sqlite: Database, breachId: string, options: RecordOptions = {}): Match[] {
  return recordExposures(sqlite, findMatches(sqlite, { breachId }), options);
}

/** After a watched identity is added: match it against the catalogue at once (the page shows the result, so no alert). */
export function matchIdentity(
  sqlite: Database,
  identityId: string,
  options: RecordOptions = { alert: false },
): Match[] {
  return recordExposures(sqlite, findMatches(sqlite, { identityId }), options);
}

/** Lower-case, no trailing dot, no leading "@" or "*@"; internationalised names in their ASCII (punycode) form. */
export function normaliseDomain(domain: string): string {
  let d = String(domain).trim().toLowerCase().replace(/^\*?@/, "").replace(/^\*\./, "").replace(/\.$/, "");
  if (!d) return "";
  try {
    d = new URL(`http://${d}`).hostname;
  } catch {
    return "";
  }
  return d;
}

/**
 * Operator action `npm run admin -- verify-domain <tenantId> <domain>`: marks
 * the tenant's watched domain verified, then matches that domain's identities
 * again so sensitive breaches appear (and alert) now.
 * Answers `{ ok: false, message }` when the tenant does not watch the domain.
 */
export function verifyDomain(
  sqlite: Database,
  tenantId: string,
  domain: string,
): { ok: boolean; message: string; newExposures?: number } {
  const d = normaliseDomain(domain);
  const r = sqlite
    .prepare(`UPDATE watched_identities SET verified = 1 WHERE tenant_id = ? AND type = 'domain' AND value = ?`)
    .run(tenantId, d);
  if (r.changes === 0) {
    return {
      ok: false,
      message: `Tenant ${tenantId} does not watch the domain ${d || domain}; add it on /dark-web-monitoring first.`,
    };
  }
  const created = recordExposures(sqlite, findMatches(sqlite, { tenantId, domain: d }), { alert: true });
  return {
    ok: true,
    message: `Verified ${d} for tenant ${tenantId}; ${created.length} new exposure(s).`,
    newExposures: created.length,
  };
}
