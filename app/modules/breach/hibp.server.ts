/**
 * The Have I Been Pwned API v3 as a breach feed (issue 20), so dark web
 * monitoring has a catalogue on first start without operator imports
 * (which stay, for air-gapped installs: npm run import:breach).
 *
 * - `GET /api/v3/breaches` (no key): the public catalogue, upserted into
 *   `breaches` through the same importBreach as the file import.
 * - `GET /api/v3/breacheddomain/{domain}` (needs `HIBP_API_KEY`, sent as the
 *   `hibp-api-key` header): for each domain an operator has verified, the
 *   aliases of that domain in each breach; they become breach accounts
 *   (HMAC-hashed like imported ones) and importBreach's matching records
 *   exposures and alerts only for what is new.
 *
 * The API asks for a descriptive user agent and answers 429 with
 * `retry-after` (seconds) when a key goes over its rate: the sync stops, and
 * no request is made before that time. Requests go through the SSRF-guarded
 * fetch. Env: HIBP_BASE_URL (default https://haveibeenpwned.com; tests point
 * it at a local fake), HIBP_API_KEY, HIBP_SYNC=0 turns the feed off.
 * Unreachable: the sync records the error and the next daily run tries again.
 */
import { and, eq } from "drizzle-orm";
import { breachFeedState, watchedIdentities } from "./schema";
import { db } from "~/lib/db.server";
import { HibpEnvSchema, processEnvironment } from "~/lib/env.server";
import { guardedFetch, OutboundError } from "~/lib/outbound.server";
import { breachHmacKey } from "./breach.server";
import { BreachFileError, importBreach } from "./import.js";
import { DomainError } from "~/lib/errors";

export const HIBP_FEED = "hibp";
export const HIBP_USER_AGENT = "Rampart-breach-feed/1.0 (self-hosted security monitoring)";
export const HIBP_SYNC_JOB = "breach.hibp-sync";
export const HIBP_SYNC_INTERVAL_MS = 24 * 60 * 60 * 1000;
const CATALOGUE_MAX_BYTES = 32 * 1024 * 1024;

export type HibpConfig = { enabled: boolean; baseUrl: string; apiKey: string | null };

export function hibpConfig(env: Record<string, string | undefined> = processEnvironment()): HibpConfig {
  const parsed = HibpEnvSchema.safeParse(env);
  if (!parsed.success)
    throw new Error(
      `Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  const e = parsed.data;
  const baseUrl = (e.HIBP_BASE_URL || "https://haveibeenpwned.com").replace(/\/+$/, "");
  return { enabled: e.HIBP_SYNC !== "0", baseUrl, apiKey: e.HIBP_API_KEY || null };
}

export class HibpRateLimited extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(`HIBP rate limit: retry after ${retryAfterSeconds} s`, { status: 503 });
  }
}

/** `retry-after` in seconds (the API sends whole seconds); an HTTP date is accepted too. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number {
  if (!value) return 60;
  const n = Number(value.trim());
  if (Number.isFinite(n) && n >= 0) return Math.min(Math.ceil(n), 86_400);
  const at = Date.parse(value);
  return Number.isNaN(at) ? 60 : Math.max(1, Math.min(Math.ceil((at - now) / 1000), 86_400));
}

async function hibpGet(config: HibpConfig, path: string, withKey: boolean) {
  const headers: Record<string, string> = { "user-agent": HIBP_USER_AGENT, accept: "application/json" };
  if (withKey && config.apiKey) headers["hibp-api-key"] = config.apiKey;
  const res = await guardedFetch(`${config.baseUrl}${path}`, { headers, maxBodyBytes: CATALOGUE_MAX_BYTES });
  if (res.status === 429) throw new HibpRateLimited(parseRetryAfter(res.headers["retry-after"]?.[0]));
  if (res.status === 404) return null; // breacheddomain: nothing for this domain
  if (res.status !== 200) throw new Error(`HIBP ${path} answered ${res.status}`);
  if (res.truncated) throw new Error(`HIBP ${path} answered more than ${CATALOGUE_MAX_BYTES} bytes`);
  return JSON.parse(res.body.toString("utf8")) as unknown;
}

function state() {
  return db.select().from(breachFeedState).where(eq(breachFeedState.feed, HIBP_FEED)).get() ?? null;
}

function saveState(values: Partial<typeof breachFeedState.$inferInsert> & { baseUrl: string }) {
  db.insert(breachFeedState)
    .values({ feed: HIBP_FEED, ...values })
    .onConflictDoUpdate({ target: breachFeedState.feed, set: values })
    .run();
}

export type SyncResult =
  | { status: "off" }
  | { status: "waiting"; until: number }
  | { status: "rate-limited"; retryAfterSeconds: number }
  | { status: "failed"; error: string }
  | { status: "synced"; breaches: number; added: number; domainsSearched: number; newExposures: number };

/** One sync: the catalogue, then (with a key) each verified domain. */
export async function syncHibp(config = hibpConfig(), now = Date.now()): Promise<SyncResult> {
  if (!config.enabled) return { status: "off" };
  const prior = state();
  if (prior?.notBefore && prior.notBefore > now) return { status: "waiting", until: prior.notBefore };
  saveState({ baseUrl: config.baseUrl, lastAttemptAt: now });
  const hmacKey = breachHmacKey();
  try {
    const catalogue = await hibpGet(config, "/api/v3/breaches", false);
    if (!Array.isArray(catalogue)) throw new Error("HIBP /api/v3/breaches did not answer a list");
    let added = 0;
    const byName = new Map<string, Record<string, unknown>>();
    for (const raw of catalogue as Record<string, unknown>[]) {
      try {
        const result = await importBreach(db, raw, [], { hmacKey, alert: true });
        if (result.created) added += 1;
        byName.set(result.name, raw);
      } catch (error) {
        if (!(error instanceof BreachFileError)) throw error; // one malformed entry does not stop the feed
      }
    }
    let domainsSearched = 0;
    let newExposures = 0;
    if (config.apiKey) {
      const domains = db
        .selectDistinct({ value: watchedIdentities.value })
        .from(watchedIdentities)
        .where(and(eq(watchedIdentities.type, "domain"), eq(watchedIdentities.verified, true)))
        .all()
        .map((r) => r.value);
      for (const domain of domains) {
        const found = await hibpGet(config, `/api/v3/breacheddomain/${encodeURIComponent(domain)}`, true);
        domainsSearched += 1;
        if (!found || typeof found !== "object") continue;
        // { "alias": ["BreachName", ...] }: regroup as breach -> addresses.
        const perBreach = new Map<string, string[]>();
        for (const [alias, names] of Object.entries(found as Record<string, unknown>)) {
          if (!Array.isArray(names) || alias.length > 64 || alias.includes("@")) continue;
          for (const name of names) {
            if (typeof name !== "string") continue;
            const list = perBreach.get(name) ?? [];
            list.push(`${alias}@${domain}`);
            perBreach.set(name, list);
          }
        }
        for (const [name, emails] of perBreach) {
          const meta = byName.get(name);
          if (!meta) continue; // a breach the catalogue does not (yet) list
          const result = await importBreach(db, meta, emails, { hmacKey, alert: true });
          newExposures += result.newExposures;
        }
      }
    }
    saveState({
      baseUrl: config.baseUrl,
      lastSyncAt: now,
      lastError: null,
      breachCount: byName.size,
      notBefore: null,
    });
    return { status: "synced", breaches: byName.size, added, domainsSearched, newExposures };
  } catch (error) {
    if (error instanceof HibpRateLimited) {
      saveState({
        baseUrl: config.baseUrl,
        lastError: error.message,
        notBefore: now + error.retryAfterSeconds * 1000,
      });
      return { status: "rate-limited", retryAfterSeconds: error.retryAfterSeconds };
    }
    const message =
      error instanceof OutboundError ? `unreachable (${error.message})` : String((error as Error).message ?? error);
    saveState({ baseUrl: config.baseUrl, lastError: message.slice(0, 500) });
    return { status: "failed", error: message };
  }
}

/** The HIBP feed's state row for the operator's feed status (app/modules/feeds/status.server.ts). */
export function hibpFeedState() {
  return state();
}

/** What the dark web page says about where its data comes from. */
export function breachFeedStatus(config = hibpConfig()) {
  const s = state();
  return {
    source: config.enabled ? `Have I Been Pwned (${config.baseUrl})` : "Operator imports only (HIBP feed off)",
    domainSearch: config.enabled && config.apiKey !== null,
    lastSyncAt: s?.lastSyncAt ?? null,
    lastError: s?.lastError ?? null,
  };
}

type JobsApi = {
  registerJobHandler: (kind: string, handler: () => Promise<void> | void) => void;
  scheduleRecurringJob: (input: {
    kind: string;
    key: string;
    intervalMs: number;
    payload?: unknown;
    firstRunAt?: number;
  }) => unknown;
};

/** Registers the daily sync on the job runner (app/background.server.ts). */
export function registerBreachFeedJobs(jobs: JobsApi) {
  jobs.registerJobHandler(HIBP_SYNC_JOB, async () => {
    const result = await syncHibp();
    if (result.status === "failed") console.error(`Breach feed sync failed: ${result.error}`);
  });
  if (hibpConfig().enabled)
    jobs.scheduleRecurringJob({
      kind: HIBP_SYNC_JOB,
      key: HIBP_SYNC_JOB,
      intervalMs: HIBP_SYNC_INTERVAL_MS,
      firstRunAt: Date.now(),
    });
}
