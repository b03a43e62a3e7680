/**
 * Dark web monitoring: a tenant's watchlist (e-mail addresses and domains)
 * and the exposures found for it in the breach catalogue.
 *
 * A watched e-mail is the tenant's own data, so it is kept in clear for the
 * tenant to see, plus its HMAC for matching against breach_accounts. A watched
 * domain starts unverified; until the tenant publishes its DNS TXT record
 * (domain-verification.server.ts, or an operator verifies it by command), only the fact that
 * it is watched is shown (no breaches, no exposed-account counts), and
 * sensitive breaches stay hidden for the tenant's e-mails at that domain.
 * Every function takes the tenant id; nothing here reads across tenants.
 */
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, or } from "drizzle-orm";
import { breaches, exposures, watchedIdentities } from "./schema";
import { db } from "~/lib/db.server";
import { resolveAlertsForObject } from "~/modules/alerts/index.server";
import { adviceForBreach } from "./advice";
import { breachHmacKey, catalogueSize } from "./breach.server";
import { newVerificationToken } from "./domain-verification.server";
import {
  emailDomain,
  hashEmail,
  matchIdentity,
  maxSeverity,
  normaliseDomain,
  normaliseEmail,
  severityForDataClasses,
  verifyDomain,
  visibleToIdentity,
  type Level,
} from "./match";
import { DomainError } from "~/lib/errors";

/** What the identity list shows; the demo renders the same shape with simulated data. */
export type WatchedIdentityView = {
  id: string;
  email: string;
  domain: string;
  type: "email" | "domain";
  severity: Level;
  /** "pending": a domain not verified yet, of which only the fact that it is watched is shown. */
  status: "breached" | "clean" | "pending" | "not-checked";
  evidence: string;
  foundAt: string | null;
  breachCount: number;
  verified: boolean;
};

export type ExposureView = {
  id: string;
  identityId: string;
  identity: string;
  type: "email" | "domain";
  breachName: string;
  breachTitle: string;
  breachDate: string;
  dataClasses: string[];
  isVerified: boolean;
  isSensitive: boolean;
  accountCount: number;
  severity: Level;
  status: "open" | "resolved" | "skipped";
  foundAt: string;
  advice: { classes: string[]; text: string }[];
};

export const MAX_WATCHED_PER_TENANT = 500;

export class WatchlistError extends DomainError {
  constructor(message: string) {
    super(message, { field: "value" });
  }
}

function insertIdentity(
  tenantId: string,
  row: {
    type: "email" | "domain";
    value: string;
    domain: string;
    emailHash: string | null;
    verificationToken?: string | null;
  },
) {
  const n = db.select({ n: count() }).from(watchedIdentities).where(eq(watchedIdentities.tenantId, tenantId)).get()!.n;
  const existing = db
    .select({ id: watchedIdentities.id })
    .from(watchedIdentities)
    .where(
      and(
        eq(watchedIdentities.tenantId, tenantId),
        eq(watchedIdentities.type, row.type),
        eq(watchedIdentities.value, row.value),
      ),
    )
    .get();
  if (existing) return { id: existing.id, added: false, newExposures: 0 };
  if (n >= MAX_WATCHED_PER_TENANT)
    throw new WatchlistError(`A watchlist holds at most ${MAX_WATCHED_PER_TENANT} entries`);
  const id = randomUUID();
  db.insert(watchedIdentities)
    .values({ id, tenantId, ...row, verified: false })
    .run();
  // Matched against the catalogue at once; the page shows the result, so no alert is raised for it.
  const created = matchIdentity(db, id, { alert: false });
  return { id, added: true, newExposures: created.length };
}

export function addWatchedEmail(tenantId: string, email: string) {
  const value = normaliseEmail(email);
  return insertIdentity(tenantId, {
    type: "email",
    value,
    domain: emailDomain(value),
    emailHash: hashEmail(breachHmacKey(), value),
  });
}

export function addWatchedDomain(tenantId: string, domain: string) {
  const value = normaliseDomain(domain);
  if (!value) throw new WatchlistError("Enter a domain such as example.com");
  return insertIdentity(tenantId, {
    type: "domain",
    value,
    domain: value,
    emailHash: null,
    verificationToken: newVerificationToken(),
  });
}

export function removeWatchedIdentity(tenantId: string, identityId: string): boolean {
  return (
    db
      .delete(watchedIdentities)
      .where(and(eq(watchedIdentities.tenantId, tenantId), eq(watchedIdentities.id, identityId)))
      .run().changes > 0
  );
}

/** Marks an exposure resolved, skipped or open again; false when the tenant has no such exposure (the route answers 404). */
export function setExposureStatus(
  tenantId: string,
  exposureId: string,
  status: "open" | "resolved" | "skipped",
  userId: string | null = null,
): boolean {
  const row = db
    .select({ identityId: exposures.identityId, breachId: exposures.breachId })
    .from(exposures)
    .where(and(eq(exposures.tenantId, tenantId), eq(exposures.id, exposureId)))
    .get();
  if (!row) return false;
  db.update(exposures)
    .set({ status })
    .where(and(eq(exposures.tenantId, tenantId), eq(exposures.id, exposureId)))
    .run();
  // Resolved or skipped, the exposure is handled: its alert (keyed dark-web:<identity>:<breach>) is resolved.
  if (status !== "open")
    resolveAlertsForObject(tenantId, { type: "dark-web", id: `${row.identityId}:${row.breachId}` }, userId);
  return true;
}

/** The tenant's exposures that it may see (the visibility rule of match.ts applied again at read time), newest first. */
export function listExposures(tenantId: string): ExposureView[] {
  const rows = db
    .select({
      id: exposures.id,
      identityId: exposures.identityId,
      value: watchedIdentities.value,
      type: watchedIdentities.type,
      name: breaches.name,
      title: breaches.title,
      breachDate: breaches.breachDate,
      dataClasses: breaches.dataClasses,
      isVerified: breaches.isVerified,
      isSensitive: breaches.isSensitive,
      accountCount: exposures.accountCount,
      status: exposures.status,
      foundAt: exposures.foundAt,
    })
    .from(exposures)
    .innerJoin(
      watchedIdentities,
      and(eq(watchedIdentities.id, exposures.identityId), eq(watchedIdentities.tenantId, exposures.tenantId)),
    )
    .innerJoin(breaches, eq(breaches.id, exposures.breachId))
    .where(
      and(
        eq(exposures.tenantId, tenantId),
        visibleToIdentity(),
        or(eq(watchedIdentities.type, "email"), eq(watchedIdentities.verified, true)),
      ),
    )
    .orderBy(desc(exposures.foundAt), desc(breaches.breachDate), exposures.id)
    .all();
  return rows.map((r) => {
    const { dataClasses } = r;
    return {
      id: r.id,
      identityId: r.identityId,
      identity: r.value,
      type: r.type,
      breachName: r.name,
      breachTitle: r.title,
      breachDate: r.breachDate,
      dataClasses,
      isVerified: r.isVerified,
      isSensitive: r.isSensitive,
      accountCount: r.accountCount,
      severity: severityForDataClasses(dataClasses),
      status: r.status,
      foundAt: new Date(r.foundAt).toISOString(),
      advice: adviceForBreach(dataClasses),
    };
  });
}

/**
 * The watchlist as the identity list shows it. An identity is "breached"
 * while it has an open exposure; once every exposure is resolved or skipped
 * it reads "clean" again (the evidence line keeps the history). Severity is
 * the worst data class among the open exposures.
 */
export function listWatchedIdentities(
  tenantId: string,
  exposures: ExposureView[] = listExposures(tenantId),
): WatchedIdentityView[] {
  const rows = db
    .select({
      id: watchedIdentities.id,
      type: watchedIdentities.type,
      value: watchedIdentities.value,
      domain: watchedIdentities.domain,
      verified: watchedIdentities.verified,
    })
    .from(watchedIdentities)
    .where(eq(watchedIdentities.tenantId, tenantId))
    .orderBy(desc(watchedIdentities.createdAt), watchedIdentities.value)
    .all();
  // With no breach in the catalogue nothing was checked: no identity may read "clean" (issue 30).
  const noData = catalogueSize() === 0;
  const byIdentity = new Map<string, ExposureView[]>();
  for (const e of exposures) byIdentity.set(e.identityId, [...(byIdentity.get(e.identityId) ?? []), e]);
  return rows.map((r) => {
    const all = byIdentity.get(r.id) ?? [];
    const open = all.filter((e) => e.status === "open");
    const handled = all.length - open.length;
    // An unverified domain shows only that it is watched: no breaches, no exposed-account counts
    // (anyone can type any domain; the counts belong to the organization that controls it).
    if (r.type === "domain" && !r.verified)
      return {
        id: r.id,
        email: "",
        domain: r.domain,
        type: r.type,
        severity: "low" as Level,
        status: "pending" as const,
        evidence: `Watched, awaiting verification that your organization controls ${r.domain} (a DNS TXT record): its exposures are shown once it is verified.`,
        foundAt: null,
        breachCount: 0,
        verified: false,
      };
    const pending = "";
    let evidence: string;
    if (open.length) {
      const names = open.slice(0, 3).map((e) => `${e.breachTitle} (${e.breachDate}: ${e.dataClasses.join(", ")})`);
      const more = open.length > 3 ? ` and ${open.length - 3} more` : "";
      const accounts =
        r.type === "domain" ? `${open.reduce((n, e) => n + e.accountCount, 0)} account(s) exposed in ` : "Found in ";
      evidence = `${accounts}${names.join("; ")}${more}.`;
    } else if (handled) {
      evidence = `Found in ${handled} breach${handled === 1 ? "" : "es"}, all marked resolved or skipped.`;
    } else if (noData) {
      evidence = "Not checked: no breach data has been loaded yet. It is checked as soon as breach data arrives.";
    } else {
      evidence = "Not found in any imported breach.";
    }
    const latest = open.length ? open.reduce((a, e) => (e.foundAt > a ? e.foundAt : a), open[0].foundAt) : null;
    return {
      id: r.id,
      email: r.type === "email" ? r.value : "",
      domain: r.domain,
      type: r.type,
      severity: open.length ? maxSeverity(open.map((e) => e.severity)) : "low",
      status: open.length ? "breached" : handled || !noData ? "clean" : "not-checked",
      evidence: evidence + pending,
      foundAt: latest,
      breachCount: all.length,
      verified: r.type === "email" || r.verified,
    };
  });
}

/** Figures for the dashboard: watched identities, breached ones, open exposures. */
export function darkWebSummary(tenantId: string) {
  const exposures = listExposures(tenantId);
  const identities = listWatchedIdentities(tenantId, exposures);
  return {
    watched: identities.length,
    breached: identities.filter((i) => i.status === "breached").length,
    openExposures: exposures.filter((e) => e.status === "open").length,
  };
}

/**
 * Marks a watched domain as verified (the operator has checked the customer
 * controls it) and matches it against the breach catalogue.
 */
export function verifyWatchedDomain(tenantId: string, domain: string) {
  return verifyDomain(db, tenantId, domain);
}
