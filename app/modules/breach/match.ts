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
 * Every function takes the drizzle database, so the app passes its own
 * connection and the script the one it opened.
 */
import { createHmac, randomUUID } from "node:crypto";
import path from "node:path";
import { and, count, eq, exists, or, sql, type SQL } from "drizzle-orm";
import { alias, QueryBuilder } from "drizzle-orm/sqlite-core";
import { breachAccounts, breaches, exposures, watchedIdentities } from "./schema";
import type { DB } from "~/lib/db.server";
import { readOrCreateSecretFile } from "~/lib/env.server";
import { raiseAlerts, type RaiseAlertInput } from "~/modules/alerts";

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
  return readOrCreateSecretFile(path.join(dir, HMAC_KEY_FILE)).value;
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

const verifiedDomain = alias(watchedIdentities, "v");

/**
 * Condition: breach row `breaches` may be shown to the tenant of the watched
 * identity row `watched_identities` in the same query. Kept as one condition so
 * matching and listing apply the same rule.
 */
export function visibleToIdentity(): SQL {
  const v = verifiedDomain;
  return and(
    eq(breaches.isRetired, false),
    or(
      eq(breaches.isSensitive, false),
      exists(
        new QueryBuilder()
          .select({ one: sql`1` })
          .from(v)
          .where(
            and(
              eq(v.tenantId, watchedIdentities.tenantId),
              eq(v.type, "domain"),
              eq(v.verified, true),
              eq(v.value, watchedIdentities.domain),
            ),
          ),
      ),
    ),
  )!;
}

/**
 * Watched identities exposed by breaches, as candidate exposures
 * `{ tenantId, identityId, type, value, breachId, accountCount }`.
 * Narrow with `breachId` (after an import), `identityId` (after an add) or
 * `tenantId` + `domain` (after a verification); with no filter, everything.
 */
export function findMatches(db: DB, filter: MatchFilter = {}): Match[] {
  const where = [visibleToIdentity()];
  if (filter.breachId) where.push(eq(breachAccounts.breachId, filter.breachId));
  if (filter.identityId) where.push(eq(watchedIdentities.id, filter.identityId));
  if (filter.tenantId) where.push(eq(watchedIdentities.tenantId, filter.tenantId));
  if (filter.domain) where.push(eq(watchedIdentities.domain, filter.domain));
  const fields = {
    tenantId: watchedIdentities.tenantId,
    identityId: watchedIdentities.id,
    type: watchedIdentities.type,
    value: watchedIdentities.value,
    breachId: breachAccounts.breachId,
  };
  // An unverified domain matches nothing: anyone can type any domain, and its
  // exposed-account counts are for the organization that controls it (issue 10).
  // Two queries rather than one OR join so each uses its index:
  // e-mails by (breach_id, email_hash) / email_hash, domains by domain.
  const emails = db
    .select({ ...fields, accountCount: sql<number>`1` })
    .from(watchedIdentities)
    .innerJoin(breachAccounts, eq(breachAccounts.emailHash, watchedIdentities.emailHash))
    .innerJoin(breaches, eq(breaches.id, breachAccounts.breachId))
    .where(and(eq(watchedIdentities.type, "email"), ...where))
    .all();
  const domains = db
    .select({ ...fields, accountCount: count() })
    .from(watchedIdentities)
    .innerJoin(breachAccounts, eq(breachAccounts.domain, watchedIdentities.value))
    .innerJoin(breaches, eq(breaches.id, breachAccounts.breachId))
    .where(and(eq(watchedIdentities.type, "domain"), eq(watchedIdentities.verified, true), ...where))
    .groupBy(watchedIdentities.id, breachAccounts.breachId)
    .all();
  return [...emails, ...domains];
}

/**
 * Stores candidate exposures. Only those that did not exist yet count as new;
 * with `alert`, each new one raises a 'dark-web' alert whose dedupe key
 * (identity + breach) makes a second raise impossible. Answers the new ones.
 * The alerts go through the alerts module (rules, channels, escalation, timeline)
 * on the process's connection, inside this transaction: `db` must be that
 * connection (scripts point it at their file with useDatabase).
 */
export function recordExposures(
  db: DB,
  matches: Match[],
  { alert = true, now = Date.now() }: RecordOptions = {},
): Match[] {
  if (matches.length === 0) return [];
  const p = sql.placeholder;
  const insertExposure = db
    .insert(exposures)
    .values({
      id: p("id"),
      tenantId: p("tenantId"),
      identityId: p("identityId"),
      breachId: p("breachId"),
      accountCount: p("accountCount"),
      status: "open",
      foundAt: p("now"),
    })
    .onConflictDoNothing({ target: [exposures.identityId, exposures.breachId] })
    .prepare();
  // A domain's count grows when a re-import brings more of its accounts; that is not a new exposure.
  const updateCount = db
    .update(exposures)
    .set({ accountCount: sql`${p("accountCount")}` })
    .where(
      and(
        eq(exposures.identityId, p("identityId")),
        eq(exposures.breachId, p("breachId")),
        sql`${exposures.accountCount} <> ${p("accountCount")}`,
      ),
    )
    .prepare();
  const breachById = db
    .select({
      id: breaches.id,
      title: breaches.title,
      breachDate: breaches.breachDate,
      dataClasses: breaches.dataClasses,
    })
    .from(breaches)
    .where(eq(breaches.id, p("id")))
    .prepare();
  type Breach = NonNullable<ReturnType<typeof breachById.get>>;
  const breachCache = new Map<string, Breach>();
  const created: Match[] = [];
  const toRaise: RaiseAlertInput[] = [];
  db.transaction(() => {
    for (const m of matches) {
      const r = insertExposure.run({ ...m, id: randomUUID(), now });
      if (r.changes === 0) {
        updateCount.run(m);
        continue;
      }
      created.push(m);
      if (!alert) continue;
      let breach = breachCache.get(m.breachId);
      if (!breach) {
        breach = breachById.get({ id: m.breachId })!;
        breachCache.set(m.breachId, breach);
      }
      const dataClasses = breach.dataClasses ?? [];
      const who =
        m.type === "email" ? m.value : `${m.accountCount} account${m.accountCount === 1 ? "" : "s"} at ${m.value}`;
      toRaise.push({
        tenantId: m.tenantId,
        source: "dark-web",
        severity: severityForDataClasses(dataClasses),
        title: `${who} found in the ${breach.title} breach`,
        detail: `Breach of ${breach.breachDate}. Exposed data: ${dataClasses.join(", ") || "not stated"}. See Dark Web Monitoring for what to do.`,
        dedupeKey: `dark-web:${m.identityId}:${m.breachId}`,
      });
    }
    raiseAlerts(toRaise);
  });
  return created;
}

/** After an import: match one breach against every tenant's watchlist. */
export function matchBreach(db: DB, breachId: string, options: RecordOptions = {}): Match[] {
  return recordExposures(db, findMatches(db, { breachId }), options);
}

/** After a watched identity is added: match it against the catalogue at once (the page shows the result, so no alert). */
export function matchIdentity(db: DB, identityId: string, options: RecordOptions = { alert: false }): Match[] {
  return recordExposures(db, findMatches(db, { identityId }), options);
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
  db: DB,
  tenantId: string,
  domain: string,
): { ok: boolean; message: string; newExposures?: number } {
  const d = normaliseDomain(domain);
  const r = db
    .update(watchedIdentities)
    .set({ verified: true })
    .where(
      and(
        eq(watchedIdentities.tenantId, tenantId),
        eq(watchedIdentities.type, "domain"),
        eq(watchedIdentities.value, d),
      ),
    )
    .run();
  if (r.changes === 0) {
    return {
      ok: false,
      message: `Tenant ${tenantId} does not watch the domain ${d || domain}; add it on /dark-web-monitoring first.`,
    };
  }
  const created = recordExposures(db, findMatches(db, { tenantId, domain: d }), { alert: true });
  return {
    ok: true,
    message: `Verified ${d} for tenant ${tenantId}; ${created.length} new exposure(s).`,
    newExposures: created.length,
  };
}
