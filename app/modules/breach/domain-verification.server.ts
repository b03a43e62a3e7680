/**
 * Self-service domain verification (issue 32), as HIBP's domain search does it:
 * a watched domain shows its organization a token; publishing the TXT record
 * `rampart-verification=<token>` on the domain, or serving it in the file
 * https://<domain>/.well-known/rampart-verification.txt, proves control of it. The record
 * is checked when someone presses Verify and again on a schedule (a durable
 * recurring job), so a record published later verifies the domain without
 * anyone coming back. Nobody needs the operator.
 *
 * The resolver asks the servers in RAMPART_DNS_SERVERS when set (tests point it at
 * a loopback DNS server), the system's resolvers otherwise. Every function that
 * reads tenant rows takes the tenant id; the scheduled re-check walks pending
 * domains of every tenant and verifies each with its own tenant id.
 */
import { createHash, randomBytes } from "node:crypto";
import { Resolver } from "node:dns/promises";
import { and, asc, eq, isNull, lt, or } from "drizzle-orm";
import { watchedIdentities } from "./schema";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { audit } from "~/modules/audit";
import { verifyDomain } from "./match";
import { guardedFetch, OutboundError, type OutboundOptions } from "~/lib/outbound.server";
import { mailerConfigured, sendMail } from "~/lib/mailer.server";
import { configuredOrigin } from "~/lib/public-origin.server";

export const TXT_PREFIX = "rampart-verification=";
export const DOMAIN_RECHECK_JOB = "domain-verification-recheck";
/** Pending domains are checked again every hour: a record published in the evening verifies by morning. */
export const DOMAIN_RECHECK_INTERVAL_MS = 60 * 60_000;
/** At most this many domains per scheduled pass, the least recently checked first. */
const RECHECK_BATCH = 100;

/** A fresh token: 32 hex characters (never UUID-shaped, so no screen shows something that reads as an internal id). */
export function newVerificationToken(): string {
  return randomBytes(16).toString("hex");
}

export function txtRecordFor(token: string): string {
  return `${TXT_PREFIX}${token}`;
}

export type DnsCheck = { found: true } | { found: false; reason: string };

/** The file that proves control of a domain's web server, the second way to verify (issue 32). */
export const WELL_KNOWN_PATH = "/.well-known/rampart-verification.txt";
/** The file is a line or two; anything longer is not ours. */
const WELL_KNOWN_MAX_BYTES = 4_096;

/** Test seams for the file check: a resolver, address policy, trusted root and port (production passes none). */
export type WellKnownProbe = Pick<OutboundOptions, "resolver" | "isBlocked" | "ca"> & { port?: number };

/**
 * Fetches https://<domain>/.well-known/rampart-verification.txt through the outbound guard (public addresses
 * only, each redirect checked, a valid certificate required) and looks for the record or the bare token on a
 * line of its own.
 */
export async function lookupVerificationFile(
  domain: string,
  token: string,
  probe: WellKnownProbe = {},
): Promise<DnsCheck> {
  const { port, ...options } = probe;
  const url = `https://${domain}${port ? `:${port}` : ""}${WELL_KNOWN_PATH}`;
  try {
    const res = await guardedFetch(url, { ...options, timeoutMs: 5_000, maxBodyBytes: WELL_KNOWN_MAX_BYTES });
    if (res.status !== 200)
      return { found: false, reason: `https://${domain}${WELL_KNOWN_PATH} answered HTTP ${res.status}.` };
    const lines = res.body
      .toString("utf8")
      .split(/\r?\n/)
      .map((l) => l.trim());
    if (lines.includes(txtRecordFor(token)) || lines.includes(token)) return { found: true };
    return { found: false, reason: `https://${domain}${WELL_KNOWN_PATH} does not contain this organization's token.` };
  } catch (error) {
    if (error instanceof OutboundError)
      return { found: false, reason: `https://${domain}${WELL_KNOWN_PATH} could not be fetched: ${error.message}.` };
    throw error;
  }
}

function resolver(): Resolver {
  const r = new Resolver({ timeout: 3_000, tries: 2 });
  const servers = getEnv().RAMPART_DNS_SERVERS;
  if (servers.length) r.setServers(servers);
  return r;
}

/** Looks for `rampart-verification=<token>` among the domain's TXT records (a record split in strings is joined first). */
export async function lookupVerificationRecord(domain: string, token: string): Promise<DnsCheck> {
  let records: string[][];
  try {
    records = await resolver().resolveTxt(domain);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENODATA" || code === "ENOTFOUND")
      return { found: false, reason: `${domain} has no TXT records yet.` };
    if (code === "ETIMEOUT" || code === "ECONNREFUSED")
      return { found: false, reason: `The DNS servers did not answer for ${domain}; try again in a few minutes.` };
    return { found: false, reason: `The DNS lookup for ${domain} failed (${code ?? "unknown error"}).` };
  }
  const expected = txtRecordFor(token);
  if (records.some((chunks) => chunks.join("").trim() === expected)) return { found: true };
  return {
    found: false,
    reason: `${domain} has ${records.length} TXT record${records.length === 1 ? "" : "s"}, none of them ${TXT_PREFIX}… with this organization's token.`,
  };
}

export type PendingDomain = {
  id: string;
  domain: string;
  record: string;
  checkedAt: number | null;
  error: string | null;
};

/** The tenant's watched domains that are not verified yet, each with the TXT record to publish. */
export function listPendingDomains(tenantId: string): PendingDomain[] {
  const rows = db
    .select({
      id: watchedIdentities.id,
      domain: watchedIdentities.value,
      token: watchedIdentities.verificationToken,
      checkedAt: watchedIdentities.verificationCheckedAt,
      error: watchedIdentities.verificationError,
    })
    .from(watchedIdentities)
    .where(
      and(
        eq(watchedIdentities.tenantId, tenantId),
        eq(watchedIdentities.type, "domain"),
        eq(watchedIdentities.verified, false),
      ),
    )
    .orderBy(asc(watchedIdentities.value))
    .all();
  return rows.map((r) => {
    let token = r.token;
    if (!token) {
      // A row written before tokens existed and missed by the migration's backfill: give it one now.
      token = newVerificationToken();
      db.update(watchedIdentities)
        .set({ verificationToken: token })
        .where(and(eq(watchedIdentities.tenantId, tenantId), eq(watchedIdentities.id, r.id)))
        .run();
    }
    return { id: r.id, domain: r.domain, record: txtRecordFor(token), checkedAt: r.checkedAt, error: r.error };
  });
}

export type VerifyOutcome =
  | { status: "verified"; domain: string; newExposures: number }
  | { status: "already-verified"; domain: string }
  | { status: "not-found"; domain: string; reason: string }
  | { status: "unknown" };

/**
 * Checks one watched domain's TXT record now and records the result. Answers
 * "unknown" when the tenant has no such watched domain (the route answers 404).
 */
export async function checkDomainVerification(
  tenantId: string,
  identityId: string,
  opts: { userId?: string | null; ip?: string | null; now?: number; probe?: WellKnownProbe } = {},
): Promise<VerifyOutcome> {
  const row = db
    .select({
      id: watchedIdentities.id,
      domain: watchedIdentities.value,
      verified: watchedIdentities.verified,
      token: watchedIdentities.verificationToken,
    })
    .from(watchedIdentities)
    .where(
      and(
        eq(watchedIdentities.tenantId, tenantId),
        eq(watchedIdentities.id, identityId),
        eq(watchedIdentities.type, "domain"),
      ),
    )
    .get();
  if (!row) return { status: "unknown" };
  if (row.verified) return { status: "already-verified", domain: row.domain };
  const now = opts.now ?? Date.now();
  // The DNS record first, then the file on the domain's web server: either proves control.
  let check: DnsCheck = { found: false, reason: "This domain has no verification token yet; reload the page." };
  let method: "dns" | "file" = "dns";
  if (row.token) {
    check = await lookupVerificationRecord(row.domain, row.token);
    if (!check.found) {
      const file = await lookupVerificationFile(row.domain, row.token, opts.probe);
      if (file.found) {
        check = file;
        method = "file";
      } else check = { found: false, reason: `${check.reason} ${file.reason}` };
    }
  }
  const where = and(eq(watchedIdentities.tenantId, tenantId), eq(watchedIdentities.id, row.id));
  if (!check.found) {
    db.update(watchedIdentities)
      .set({ verificationCheckedAt: now, verificationError: check.reason })
      .where(where)
      .run();
    return { status: "not-found", domain: row.domain, reason: check.reason };
  }
  db.update(watchedIdentities).set({ verificationCheckedAt: now, verificationError: null }).where(where).run();
  const result = verifyDomain(db, tenantId, row.domain);
  audit({
    action: "darkweb.domain_verified",
    tenantId,
    userId: opts.userId ?? null,
    ip: opts.ip ?? null,
    detail: { identityId: row.id, domain: row.domain, by: opts.userId ? "person" : "scheduled re-check", method },
  });
  return { status: "verified", domain: row.domain, newExposures: result.newExposures ?? 0 };
}

/** One scheduled pass: pending domains of every tenant, least recently checked first. */
export async function recheckPendingDomains(now = Date.now()): Promise<{ checked: number; verified: number }> {
  const due = db
    .select({ id: watchedIdentities.id, tenantId: watchedIdentities.tenantId })
    .from(watchedIdentities)
    .where(
      and(
        eq(watchedIdentities.type, "domain"),
        eq(watchedIdentities.verified, false),
        or(
          isNull(watchedIdentities.verificationCheckedAt),
          lt(watchedIdentities.verificationCheckedAt, now - DOMAIN_RECHECK_INTERVAL_MS / 2),
        ),
      ),
    )
    .orderBy(asc(watchedIdentities.verificationCheckedAt))
    .limit(RECHECK_BATCH)
    .all();
  let verified = 0;
  for (const d of due) {
    const r = await checkDomainVerification(d.tenantId, d.id, { now });
    if (r.status === "verified") verified++;
  }
  return { checked: due.length, verified };
}

type JobsApi = {
  registerJobHandler: (kind: string, handler: () => Promise<void> | void) => void;
  scheduleRecurringJob: (input: { kind: string; key: string; intervalMs: number; firstRunAt?: number }) => unknown;
};

/** Registers the hourly re-check of pending domains on the job runner (app/background.server.ts). */
export function registerDomainVerificationJobs(jobs: JobsApi) {
  jobs.registerJobHandler(DOMAIN_RECHECK_JOB, async () => {
    await recheckPendingDomains();
  });
  jobs.scheduleRecurringJob({
    kind: DOMAIN_RECHECK_JOB,
    key: DOMAIN_RECHECK_JOB,
    intervalMs: DOMAIN_RECHECK_INTERVAL_MS,
  });
}

// ---- confirmation by mail (issue 32) --------------------------------------------------------------------------

import { CONFIRMATION_MAILBOXES, type ConfirmationMailbox } from "./mailboxes";
export { CONFIRMATION_MAILBOXES, type ConfirmationMailbox };
/** How long a mailed confirmation link works. */
export const MAIL_CONFIRMATION_TTL_MS = 24 * 60 * 60_000;

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");

export type MailConfirmationOutcome =
  | { status: "sent"; domain: string; address: string }
  | { status: "already-verified"; domain: string }
  | { status: "not-configured"; domain: string; reason: string }
  | { status: "unknown" };

/**
 * Mails a one-time confirmation link to security@, postmaster@ or hostmaster@ the watched domain. A new link
 * replaces the previous one. Needs SMTP and PUBLIC_URL (links are never built from the request's Host).
 */
export async function mailDomainConfirmation(
  tenantId: string,
  identityId: string,
  mailbox: ConfirmationMailbox,
  opts: { organization: string; userId?: string | null; now?: number },
): Promise<MailConfirmationOutcome> {
  const where = and(
    eq(watchedIdentities.tenantId, tenantId),
    eq(watchedIdentities.id, identityId),
    eq(watchedIdentities.type, "domain"),
  );
  const row = db
    .select({ domain: watchedIdentities.value, verified: watchedIdentities.verified })
    .from(watchedIdentities)
    .where(where)
    .get();
  if (!row) return { status: "unknown" };
  if (row.verified) return { status: "already-verified", domain: row.domain };
  const origin = configuredOrigin();
  if (!origin || !mailerConfigured())
    return {
      status: "not-configured",
      domain: row.domain,
      reason: "This installation cannot send mail; use the DNS record or the file instead.",
    };
  const token = randomBytes(32).toString("base64url");
  const address = `${mailbox}@${row.domain}`;
  db.update(watchedIdentities)
    .set({
      mailVerificationHash: sha256(token),
      mailVerificationExpiresAt: (opts.now ?? Date.now()) + MAIL_CONFIRMATION_TTL_MS,
      mailVerificationAddress: address,
    })
    .where(where)
    .run();
  await sendMail({
    to: address,
    subject: `Confirm that ${opts.organization} may monitor ${row.domain} for breaches`,
    text: [
      `${opts.organization} asked Rampart to show the data breaches of addresses at ${row.domain}.`,
      `If you run ${row.domain} and agree, confirm here (the link works once, for 24 hours):`,
      `${origin}/verify-domain/${token}`,
      "",
      "If you do not know this organization, ignore this message: nothing is shown without the confirmation.",
    ].join("\n"),
  });
  audit({
    action: "darkweb.domain_confirmation_mailed",
    tenantId,
    userId: opts.userId ?? null,
    detail: { identityId, address },
  });
  return { status: "sent", domain: row.domain, address };
}

/** The pending confirmation a mailed token stands for (the page shows it before the person confirms), or null. */
export function pendingMailConfirmation(token: string, now = Date.now()) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const row = db
    .select({
      id: watchedIdentities.id,
      tenantId: watchedIdentities.tenantId,
      domain: watchedIdentities.value,
      verified: watchedIdentities.verified,
      expiresAt: watchedIdentities.mailVerificationExpiresAt,
      address: watchedIdentities.mailVerificationAddress,
    })
    .from(watchedIdentities)
    .where(and(eq(watchedIdentities.type, "domain"), eq(watchedIdentities.mailVerificationHash, sha256(token))))
    .get();
  if (!row || row.verified || !row.expiresAt || row.expiresAt < now) return null;
  return row;
}

/** Confirms the domain a mailed token stands for; the token then stops working. Null when it does not work. */
export function confirmDomainByMail(token: string, opts: { ip?: string | null; now?: number } = {}) {
  const pending = pendingMailConfirmation(token, opts.now);
  if (!pending) return null;
  const where = and(eq(watchedIdentities.tenantId, pending.tenantId), eq(watchedIdentities.id, pending.id));
  db.update(watchedIdentities)
    .set({ mailVerificationHash: null, mailVerificationExpiresAt: null, verificationError: null })
    .where(where)
    .run();
  verifyDomain(db, pending.tenantId, pending.domain);
  audit({
    action: "darkweb.domain_verified",
    tenantId: pending.tenantId,
    userId: null,
    ip: opts.ip ?? null,
    detail: { identityId: pending.id, domain: pending.domain, by: pending.address, method: "mail" },
  });
  return { domain: pending.domain };
}
