/**
 * Anomalies computed as events arrive (a listener on each stored batch).
 * Four detectors, with thresholds from common SOC practice:
 *
 * - failed sign-in bursts per user and per source address: at least
 *   BURST_THRESHOLD failures within BURST_WINDOW_MS (Windows 4625, sshd
 *   "Failed password"/"Invalid user", generic `outcome: failure` sign-ins),
 *   the brute-force and password-spraying pattern (MITRE ATT&CK T1110);
 * - new terms: a process, parent-child pair, service or signed-in user seen
 *   for the first time on a host after that host's learning period
 *   (LEARNING_MS from its first event), as Elastic's "new terms" rules do;
 * - volume: an entity's (host's, user's) events in an hour far above its own
 *   baseline, median + VOLUME_MADS x MAD (scaled) over the previous hours of
 *   the learning window, a robust z-score that a single past spike cannot skew;
 * - impossible travel: two sign-ins of one user from places whose distance
 *   needs more than MAX_TRAVEL_KMH (coordinates), or from two countries less
 *   than COUNTRY_HOP_MS apart when only countries are known.
 *
 * What a detector remembers (first-seen terms, hourly counts, recent failures,
 * last sign-in place) lives in `anomaly_state`, so detection resumes after a
 * restart. Times are event times; detectedAt uses the injectable events clock.
 * "Benign" stores the anomaly's pattern: the same pattern no longer alerts.
 */
import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { anomalies, anomalyState } from "./schema";
import { db, excluded, preparedQuery, sqlite } from "~/lib/db.server";
import { getAlertByDedupeKey, raiseAlert, transitionAlert, type Severity } from "~/modules/alerts";
import type { FieldValue } from "./parse";
import { eventsNow, type StoredEvent } from "./store.server";
import { SYSLOG_FIELD } from "./syslog-fields";

export const ANOMALY_TYPES = ["failed-signin-burst", "new-term", "volume-spike", "impossible-travel"] as const;
export type AnomalyType = (typeof ANOMALY_TYPES)[number];
export const ANOMALY_LABEL: Record<AnomalyType, string> = {
  "failed-signin-burst": "Failed sign-in burst",
  "new-term": "First seen on host",
  "volume-spike": "Event volume far above baseline",
  "impossible-travel": "Impossible travel",
};

export const BURST_THRESHOLD = 10;
export const BURST_WINDOW_MS = 5 * 60_000;
export const LEARNING_MS = 7 * 86_400_000;
const HOUR = 3_600_000;
export const VOLUME_MIN_HOURS = 24;
export const VOLUME_MADS = 6;
export const VOLUME_MIN_COUNT = 50;
export const MAX_TRAVEL_KMH = 1000;
export const COUNTRY_HOP_MS = 60 * 60_000;

// ---- reading what an event says ----

type F = Record<string, FieldValue>;
const s = (v: FieldValue | undefined) => (v === null || v === undefined || v === "" || v === "-" ? null : String(v));
function pick(f: F, names: readonly string[]): string | null {
  for (const n of names) {
    const v = s(f[n]);
    if (v) return v;
  }
  return null;
}

/** `... for [invalid user ]NAME from ADDR port ...` in sshd lines, read with indexOf (linear). */
function sshdParts(message: string): { user: string | null; ip: string | null } {
  let user: string | null = null;
  let ip: string | null = null;
  const forAt = message.indexOf(" for ");
  if (forAt !== -1) {
    let rest = message.slice(forAt + 5);
    if (rest.startsWith("invalid user ")) rest = rest.slice(13);
    const end = rest.indexOf(" ");
    user = end === -1 ? rest : rest.slice(0, end);
  } else if (message.startsWith("Invalid user ")) {
    const rest = message.slice(13);
    const end = rest.indexOf(" ");
    user = end === -1 ? rest : rest.slice(0, end);
  }
  const fromAt = message.indexOf(" from ");
  if (fromAt !== -1) {
    const rest = message.slice(fromAt + 6);
    const end = rest.indexOf(" ");
    ip = end === -1 ? rest : rest.slice(0, end);
  }
  return { user: user || null, ip: ip || null };
}

export type SignIn = { outcome: "success" | "failure"; user: string | null; ip: string | null };

const USER_FIELDS = [
  "TargetUserName",
  "user.name",
  "user",
  "username",
  "userName",
  "user_name",
  "suser",
  "duser",
  "account",
];
const IP_FIELDS = ["IpAddress", "source.ip", "client.ip", "src_ip", "srcip", "src", "ip", "remote_addr", "clientIP"];

/** A sign-in success or failure, if the event is one. */
export function signInOf(
  e: Pick<StoredEvent, "fields" | "message" | "category" | "product" | "source">,
): SignIn | null {
  const f = e.fields;
  const id = s(f.EventID);
  const ip = () => {
    const v = pick(f, IP_FIELDS);
    return v === "::1" || v === "127.0.0.1" ? v : v;
  };
  if (id === "4625" && (f.Channel === "Security" || f.Provider_Name !== undefined))
    return { outcome: "failure", user: pick(f, USER_FIELDS), ip: ip() };
  if (id === "4624" && (f.Channel === "Security" || f.Provider_Name !== undefined))
    return { outcome: "success", user: pick(f, USER_FIELDS), ip: ip() };
  const msg = e.message ?? "";
  const sshd = e.source === "sshd" || e.product === "sshd" || f[SYSLOG_FIELD.app] === "sshd";
  if (sshd && msg) {
    if (msg.startsWith("Failed password") || msg.startsWith("Invalid user") || msg.startsWith("Failed publickey")) {
      const p = sshdParts(msg);
      return { outcome: "failure", user: p.user, ip: p.ip };
    }
    if (msg.startsWith("Accepted ")) {
      const p = sshdParts(msg);
      return { outcome: "success", user: p.user, ip: p.ip };
    }
  }
  const outcome = pick(f, ["event.outcome", "outcome"]);
  if (outcome === "failure" || outcome === "success") {
    const category = (e.category ?? pick(f, ["event.category", "category"]) ?? "").toLowerCase();
    const action = (pick(f, ["event.action", "action"]) ?? "").toLowerCase();
    const auth =
      category.includes("auth") || action.includes("login") || action.includes("logon") || action.includes("sign");
    // Outcome alone (e.g. a failed file write) is not a sign-in; any event with an outcome and a user and
    // no other category is taken as one, since generic auth logs often carry nothing else.
    if (auth || (!category && pick(f, USER_FIELDS))) return { outcome, user: pick(f, USER_FIELDS), ip: ip() };
  }
  return null;
}

function basename(path: string) {
  const i = Math.max(path.lastIndexOf("\\"), path.lastIndexOf("/"));
  return (i === -1 ? path : path.slice(i + 1)).toLowerCase();
}

type Term = { kind: "process" | "parent-child" | "service" | "user"; value: string; severity: Severity };

/** The new-terms an event carries (process, parent-child pair, service, signed-in user). */
export function termsOf(e: StoredEvent, signIn: SignIn | null): Term[] {
  const f = e.fields;
  const out: Term[] = [];
  const id = s(f.EventID);
  const image = pick(f, ["NewProcessName", "Image", "process.executable", "process.name"]);
  const windowsProcess = id === "4688" || (id === "1" && s(f.Channel)?.includes("Sysmon"));
  if (image && (windowsProcess || f["process.executable"] !== undefined || f["process.name"] !== undefined)) {
    out.push({ kind: "process", value: basename(image), severity: "medium" });
    const parent = pick(f, ["ParentProcessName", "ParentImage", "process.parent.executable", "process.parent.name"]);
    if (parent)
      out.push({ kind: "parent-child", value: `${basename(parent)} > ${basename(image)}`, severity: "medium" });
  }
  if (id === "7045" || id === "4697") {
    const svc = pick(f, ["ServiceName", "ServiceFileName"]);
    if (svc) out.push({ kind: "service", value: svc.toLowerCase(), severity: "high" });
  }
  if (signIn?.outcome === "success" && signIn.user)
    out.push({ kind: "user", value: signIn.user.toLowerCase(), severity: "low" });
  return out;
}

type Place = { country: string | null; lat: number | null; lon: number | null };
function num(v: FieldValue | undefined): number | null {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
}
export function placeOf(f: F): Place | null {
  const country = pick(f, [
    "source.geo.country_iso_code",
    "client.geo.country_iso_code",
    "geo.country_iso_code",
    "source.geo.country_name",
    "geo.country",
    "country",
    "Country",
  ]);
  const lat = num(
    f["source.geo.location.lat"] ?? f["client.geo.location.lat"] ?? f["geo.location.lat"] ?? f.lat ?? f.latitude,
  );
  const lon = num(
    f["source.geo.location.lon"] ?? f["client.geo.location.lon"] ?? f["geo.location.lon"] ?? f.lon ?? f.longitude,
  );
  const hasCoords = lat !== null && lon !== null && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
  if (!country && !hasCoords) return null;
  return { country: country?.toUpperCase() ?? null, lat: hasCoords ? lat : null, lon: hasCoords ? lon : null };
}

export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function medianAndMad(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = (xs: number[]) => {
    const m = xs.length >> 1;
    return xs.length % 2 ? xs[m]! : (xs[m - 1]! + xs[m]!) / 2;
  };
  const median = mid(sorted);
  const mad = mid(sorted.map((v) => Math.abs(v - median)).sort((a, b) => a - b));
  return { median, mad };
}

// ---- state ----

/**
 * Detector state read from SQLite once and then kept in memory, per connection
 * and tenant, across batches: reading and parsing every key again for each
 * batch was most of detection's cost at ingestion rates. Every batch still
 * writes what changed to `anomaly_state` (flush), so SQLite stays the durable
 * copy and a restart resumes from it. Bounded: a tenant's map is dropped when
 * it grows past STATE_CACHE_MAX_KEYS (it is read back as needed).
 */
const stateCache = new WeakMap<Database.Database, Map<string, Map<string, unknown>>>();
const STATE_CACHE_MAX_KEYS = 200_000;

// sqlite() here only for the connection's identity (a new database starts with an empty cache), not for SQL.
function tenantStateCache(tenantId: string): Map<string, unknown> {
  const conn = sqlite();
  let perTenant = stateCache.get(conn);
  if (!perTenant) stateCache.set(conn, (perTenant = new Map()));
  let cache = perTenant.get(tenantId);
  if (!cache || cache.size > STATE_CACHE_MAX_KEYS) perTenant.set(tenantId, (cache = new Map()));
  return cache;
}

/** Drops a tenant's cached state (after a batch failed half-way, or a key was changed outside detection). */
function forgetState(tenantId: string, key?: string) {
  const perTenant = stateCache.get(sqlite()); // the connection as a key, as above
  if (key === undefined) {
    perTenant?.delete(tenantId);
    for (const k of baselines.keys()) if (k.startsWith(`${tenantId}|`)) baselines.delete(k);
  } else perTenant?.get(tenantId)?.delete(key);
}

/** Volume baselines (median and MAD of an entity's previous hours) per tenant, entity and current hour. */
const baselines = new Map<string, { hour: number; hours: number; median: number; mad: number }>();
const BASELINES_MAX = 100_000;

/** Built once per connection: state is read and written for every batch (values are JSON text). */
const stateStmts = preparedQuery((db) => ({
  get: db
    .select({ value: anomalyState.value })
    .from(anomalyState)
    .where(and(eq(anomalyState.tenantId, sql.placeholder("tenantId")), eq(anomalyState.key, sql.placeholder("key"))))
    .prepare(),
  put: db
    .insert(anomalyState)
    .values({
      tenantId: sql.placeholder("tenantId"),
      key: sql.placeholder("key"),
      value: sql.placeholder("value"),
      updatedAt: sql.placeholder("now"),
    })
    .onConflictDoUpdate({
      target: [anomalyState.tenantId, anomalyState.key],
      set: { value: excluded(anomalyState.value), updatedAt: excluded(anomalyState.updatedAt) },
    })
    .prepare(),
}));

class State {
  private cache: Map<string, unknown>;
  private dirty = new Set<string>();
  constructor(private tenantId: string) {
    this.cache = tenantStateCache(tenantId);
  }
  read<T>(key: string): T | undefined {
    if (this.cache.has(key)) return this.cache.get(key) as T | undefined;
    const row = stateStmts().get.get({ tenantId: this.tenantId, key });
    const value = row ? (JSON.parse(row.value) as T) : undefined;
    this.cache.set(key, value);
    return value;
  }
  write(key: string, value: unknown) {
    this.cache.set(key, value);
    this.dirty.add(key);
  }
  flush(now: number) {
    if (this.dirty.size === 0) return;
    const { put } = stateStmts();
    db.transaction(() => {
      for (const key of this.dirty)
        put.run({ tenantId: this.tenantId, key, value: JSON.stringify(this.cache.get(key)), now });
    });
    this.dirty.clear();
  }
}

// ---- anomalies ----

export type Anomaly = {
  id: string;
  type: AnomalyType;
  severity: Severity;
  detectedAt: string;
  user: string | null;
  host: string | null;
  explanation: string;
  eventIds: string[];
  status: "open" | "acknowledged" | "benign";
};

type NewAnomaly = {
  type: AnomalyType;
  severity: Severity;
  user: string | null;
  host: string | null;
  pattern: string;
  dedupeKey: string;
  explanation: string;
  eventIds: string[];
};

function isBenign(state: State, pattern: string) {
  return state.read<boolean>(`benign:${pattern}`) === true;
}

function record(tenantId: string, a: NewAnomaly, now: number): string | null {
  const id = randomUUID();
  const { changes } = db
    .insert(anomalies)
    .values({
      id,
      tenantId,
      type: a.type,
      severity: a.severity,
      detectedAt: now,
      user: a.user,
      host: a.host,
      pattern: a.pattern,
      explanation: a.explanation,
      eventIds: a.eventIds.slice(0, 200),
      status: "open",
      dedupeKey: a.dedupeKey,
    })
    .onConflictDoNothing({ target: [anomalies.tenantId, anomalies.dedupeKey] })
    .run();
  if (changes === 0) return null;
  raiseAlert({
    tenantId,
    source: "logs",
    severity: a.severity,
    title: `${ANOMALY_LABEL[a.type]}${a.user ? `: ${a.user}` : a.host ? `: ${a.host}` : ""}`,
    detail: a.explanation,
    dedupeKey: `anomaly:${id}`,
  });
  return id;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");

/** Runs every detector over one stored batch of a tenant. Answers the new anomalies' ids. */
export function detectAnomalies(tenantId: string, events: readonly StoredEvent[]): string[] {
  try {
    return detectBatch(tenantId, events);
  } catch (error) {
    // The cached state may hold this batch's half-applied changes: read it back from SQLite next time.
    forgetState(tenantId);
    throw error;
  }
}

function detectBatch(tenantId: string, events: readonly StoredEvent[]): string[] {
  const now = eventsNow();
  const state = new State(tenantId);
  const found: NewAnomaly[] = [];
  const volume = new Map<
    string,
    { entity: string; kind: "host" | "user"; hour: number; count: number; ids: string[] }
  >();

  for (const e of events) {
    const signIn = signInOf(e);

    // Failed sign-in bursts.
    if (signIn?.outcome === "failure") {
      // One burst from one address against one user fills both counters on the same event: it is one
      // anomaly (the user's, naming the address), not two (issue 31: "one burst counted as 2").
      let firedForUser = false;
      for (const [kind, value] of [
        ["user", signIn.user],
        ["address", signIn.ip],
      ] as const) {
        if (!value) continue;
        const key = `fail:${kind}:${value.toLowerCase()}`;
        const st = state.read<{ hits: [number, string][]; quietUntil: number }>(key) ?? { hits: [], quietUntil: 0 };
        // Shippers deliver slightly out of order: a hit counts when it is within the window of this one.
        st.hits = st.hits.filter(([t]) => Math.abs(t - e.time) < BURST_WINDOW_MS);
        st.hits.push([e.time, e.id]);
        if (st.hits.length > 500) st.hits = st.hits.slice(-500);
        const pattern = `failed-signin-burst:${kind}:${value.toLowerCase()}`;
        if (st.hits.length >= BURST_THRESHOLD && e.time >= st.quietUntil && !isBenign(state, pattern)) {
          if (kind === "address" && firedForUser) {
            st.quietUntil = e.time + BURST_WINDOW_MS;
            st.hits = [];
            state.write(key, st);
            continue;
          }
          if (kind === "user") firedForUser = true;
          const times = st.hits.map(([t]) => t);
          const first = Math.min(...times);
          const last = Math.max(...times);
          found.push({
            type: "failed-signin-burst",
            severity: st.hits.length >= BURST_THRESHOLD * 3 ? "high" : "medium",
            user: kind === "user" ? value : signIn.user,
            host: e.host,
            pattern,
            dedupeKey: `${pattern}:${first}`,
            explanation:
              `${st.hits.length} failed sign-ins ${kind === "user" ? `for user ${value}${signIn.ip ? ` (latest from ${signIn.ip})` : ""}` : `from address ${value}`} ` +
              `between ${iso(first)} and ${iso(last)} (within ${BURST_WINDOW_MS / 60_000} minutes; ` +
              `${BURST_THRESHOLD} or more is a burst). A password-guessing or password-spraying attempt looks like this.`,
            eventIds: st.hits.map(([, id]) => id),
          });
          // One anomaly per burst: quiet for a window after it fires.
          st.quietUntil = e.time + BURST_WINDOW_MS;
          st.hits = [];
        }
        state.write(key, st);
      }
    }

    // New terms on a host after its learning period.
    if (e.host) {
      const hostKey = `host:${e.host.toLowerCase()}`;
      let firstSeen = state.read<number>(hostKey);
      if (firstSeen === undefined || e.time < firstSeen) {
        firstSeen = e.time;
        state.write(hostKey, firstSeen);
      }
      for (const term of termsOf(e, signIn)) {
        const key = `term:${e.host.toLowerCase()}:${term.kind}:${term.value}`;
        if (state.read<number>(key) !== undefined) continue;
        state.write(key, e.time);
        const pattern = `new-term:${e.host.toLowerCase()}:${term.kind}:${term.value}`;
        if (e.time - firstSeen < LEARNING_MS || isBenign(state, pattern)) continue;
        const what =
          term.kind === "process"
            ? `The process ${term.value} ran`
            : term.kind === "parent-child"
              ? `The parent-child pair ${term.value} appeared`
              : term.kind === "service"
                ? `The service ${term.value} was installed`
                : `The user ${term.value} signed in`;
        found.push({
          type: "new-term",
          severity: term.severity,
          user: signIn?.user ?? pick(e.fields, ["SubjectUserName", "user.name", "User"]),
          host: e.host,
          pattern,
          dedupeKey: pattern,
          explanation:
            `${what} on ${e.host} for the first time (at ${iso(e.time)}), after ${Math.floor((e.time - firstSeen) / 86_400_000)} ` +
            `days of events from this host. New software, services and accounts on an established host deserve a look.`,
          eventIds: [e.id],
        });
      }
    }

    // Hourly counts per host and user, for the volume baseline.
    const user = signIn?.user ?? pick(e.fields, ["user.name", "TargetUserName", "SubjectUserName", "user", "username"]);
    for (const [kind, entity] of [
      ["host", e.host],
      ["user", user],
    ] as const) {
      if (!entity) continue;
      const hour = Math.floor(e.time / HOUR);
      const k = `${kind}:${entity.toLowerCase()}:${hour}`;
      const v = volume.get(k) ?? { entity: entity.toLowerCase(), kind, hour, count: 0, ids: [] };
      v.count += 1;
      if (v.ids.length < 50) v.ids.push(e.id);
      volume.set(k, v);
    }

    // Impossible travel between a user's sign-ins.
    if (signIn?.outcome === "success" && signIn.user) {
      const place = placeOf(e.fields);
      if (place) {
        const key = `travel:${signIn.user.toLowerCase()}`;
        const last = state.read<Place & { time: number; id: string }>(key);
        if (last && e.time >= last.time) {
          const hours = Math.max((e.time - last.time) / HOUR, 1 / 60);
          let reason: string | null = null;
          if (last.lat !== null && last.lon !== null && place.lat !== null && place.lon !== null) {
            const km = distanceKm({ lat: last.lat, lon: last.lon }, { lat: place.lat, lon: place.lon });
            if (km > 500 && km / hours > MAX_TRAVEL_KMH)
              reason = `${Math.round(km)} km apart in ${Math.round(hours * 60)} minutes (${Math.round(km / hours)} km/h; an airliner does about 900)`;
          } else if (
            last.country &&
            place.country &&
            last.country !== place.country &&
            e.time - last.time < COUNTRY_HOP_MS
          ) {
            reason = `from two countries ${Math.round((e.time - last.time) / 60_000)} minutes apart`;
          }
          const pair = [last.country ?? `${last.lat},${last.lon}`, place.country ?? `${place.lat},${place.lon}`]
            .sort()
            .join("|");
          const pattern = `impossible-travel:${signIn.user.toLowerCase()}:${pair}`;
          if (reason && !isBenign(state, pattern)) {
            const where = (p: Place) => p.country ?? `${p.lat?.toFixed(2)}, ${p.lon?.toFixed(2)}`;
            found.push({
              type: "impossible-travel",
              severity: "high",
              user: signIn.user,
              host: e.host,
              pattern,
              dedupeKey: `${pattern}:${last.id}:${e.id}`,
              explanation:
                `${signIn.user} signed in from ${where(last)} at ${iso(last.time)} and from ${where(place)} at ${iso(e.time)}: ` +
                `${reason}. One of the two sign-ins may be someone else using the account.`,
              eventIds: [last.id, e.id],
            });
          }
        }
        if (!last || e.time >= last.time) state.write(key, { ...place, time: e.time, id: e.id });
      }
    }
  }

  // Volume: add this batch's counts, then compare each touched hour with the entity's own baseline.
  type VolumeState = { first: number; hours: Record<string, number>; fired: number[] };
  const windowHours = LEARNING_MS / HOUR;
  const touched: { v: typeof volume extends Map<string, infer V> ? V : never; key: string; st: VolumeState }[] = [];
  for (const v of volume.values()) {
    const key = `volume:${v.kind}:${v.entity}`;
    const st = state.read<VolumeState>(key) ?? { first: v.hour, hours: {}, fired: [] };
    st.first = Math.min(st.first, v.hour);
    st.hours[v.hour] = (st.hours[v.hour] ?? 0) + v.count;
    for (const h of Object.keys(st.hours)) if (Number(h) < v.hour - windowHours) delete st.hours[h];
    // A late event for an earlier hour changes the baseline of the hours after it.
    const known = baselines.get(`${tenantId}|${key}`);
    if (known && v.hour < known.hour) baselines.delete(`${tenantId}|${key}`);
    touched.push({ v, key, st });
    state.write(key, st);
  }
  for (const { v, key, st } of touched) {
    const count = st.hours[v.hour]!;
    if (count < VOLUME_MIN_COUNT || st.fired.includes(v.hour)) continue;
    // The baseline (the hours before this one) stays the same while this hour fills up: computed once per hour.
    let base = baselines.get(`${tenantId}|${key}`);
    if (!base || base.hour !== v.hour) {
      const history: number[] = [];
      for (let h = Math.max(st.first, v.hour - windowHours); h < v.hour; h += 1) history.push(st.hours[h] ?? 0);
      base = { hour: v.hour, hours: history.length, ...medianAndMad(history) };
      if (baselines.size >= BASELINES_MAX) baselines.clear();
      baselines.set(`${tenantId}|${key}`, base);
    }
    if (base.hours < VOLUME_MIN_HOURS) continue;
    const { median, mad } = base;
    // 1.4826 x MAD estimates the standard deviation; a floor of 1 keeps a flat baseline from alerting on noise.
    const limit = median + VOLUME_MADS * Math.max(1, 1.4826 * mad);
    const pattern = `volume-spike:${v.kind}:${v.entity}`;
    if (count > limit && !isBenign(state, pattern)) {
      st.fired = [...st.fired.slice(-20), v.hour];
      found.push({
        type: "volume-spike",
        severity: count > limit * 3 ? "high" : "medium",
        user: v.kind === "user" ? v.entity : null,
        host: v.kind === "host" ? v.entity : null,
        pattern,
        dedupeKey: `${pattern}:${v.hour}`,
        explanation:
          `${count} events for ${v.kind} ${v.entity} in the hour from ${iso(v.hour * HOUR)}, against a usual ` +
          `${median} per hour (median of the previous ${base.hours} hours; the alert level is ${Math.round(limit)}, ` +
          `median plus ${VOLUME_MADS} scaled MADs).`,
        eventIds: v.ids,
      });
    }
  }

  state.flush(now);
  const ids: string[] = [];
  for (const a of found) {
    const id = record(tenantId, a, now);
    if (id) ids.push(id);
  }
  return ids;
}

// ---- reading and triage ----

type Row = typeof anomalies.$inferSelect;

const toAnomaly = (r: Row): Anomaly => ({
  id: r.id,
  type: r.type as AnomalyType,
  severity: r.severity,
  detectedAt: new Date(r.detectedAt).toISOString(),
  user: r.user,
  host: r.host,
  explanation: r.explanation,
  eventIds: r.eventIds,
  status: r.status,
});

export function listAnomalies(
  tenantId: string,
  options: { status?: Anomaly["status"]; type?: AnomalyType; limit?: number } = {},
): Anomaly[] {
  const limit = Math.min(Math.max(options.limit ?? 100, 1), 500);
  // Filters in SQL, before the LIMIT: filtering a page afterwards would show too few rows.
  const where: SQL[] = [eq(anomalies.tenantId, tenantId)];
  if (options.status) where.push(eq(anomalies.status, options.status));
  if (options.type) where.push(eq(anomalies.type, options.type));
  const rows = db
    .select()
    .from(anomalies)
    .where(and(...where))
    // rowid (insertion order) breaks ties between anomalies of the same batch.
    .orderBy(desc(anomalies.detectedAt), sql`rowid DESC`)
    .limit(limit)
    .all();
  return rows.map(toAnomaly);
}

function anomalyRow(tenantId: string, id: string): Row | undefined {
  return db
    .select()
    .from(anomalies)
    .where(and(eq(anomalies.tenantId, tenantId), eq(anomalies.id, id)))
    .get();
}

export function getAnomaly(tenantId: string, id: string): Anomaly | null {
  const row = anomalyRow(tenantId, id);
  return row ? toAnomaly(row) : null;
}

/** Open anomalies: the dashboard's anomaliesCount. */
export function countOpenAnomalies(tenantId: string): number {
  const row = db
    .select({ n: count() })
    .from(anomalies)
    .where(and(eq(anomalies.tenantId, tenantId), eq(anomalies.status, "open")))
    .get();
  return row?.n ?? 0;
}

/**
 * Acknowledge, or mark benign: benign remembers the pattern, so the same
 * pattern (this user's bursts, this term on this host, this entity's volume,
 * this user's pair of places) no longer raises anomalies. The anomaly's alert
 * is acknowledged (benign: resolved) with it.
 */
export function setAnomalyStatus(
  tenantId: string,
  id: string,
  status: "acknowledged" | "benign" | "open",
): Anomaly | null {
  const row = anomalyRow(tenantId, id);
  if (!row) return null;
  const now = eventsNow();
  const benignKey = `benign:${row.pattern}`;
  db.transaction((tx) => {
    tx.update(anomalies)
      .set({ status })
      .where(and(eq(anomalies.tenantId, tenantId), eq(anomalies.id, id)))
      .run();
    if (status === "benign") {
      tx.insert(anomalyState)
        .values({ tenantId, key: benignKey, value: "true", updatedAt: now })
        .onConflictDoUpdate({
          target: [anomalyState.tenantId, anomalyState.key],
          set: { value: "true", updatedAt: excluded(anomalyState.updatedAt) },
        })
        .run();
    } else if (row.status === "benign") {
      tx.delete(anomalyState)
        .where(and(eq(anomalyState.tenantId, tenantId), eq(anomalyState.key, benignKey)))
        .run();
    }
    forgetState(tenantId, benignKey);
    // The anomaly's alert follows it through the alerts module's lifecycle (timeline, escalation, channels).
    const alert = getAlertByDedupeKey(tenantId, `anomaly:${id}`);
    if (alert) {
      if (status === "benign") transitionAlert(tenantId, alert.id, "resolve", null);
      else {
        if (alert.status === "resolved") transitionAlert(tenantId, alert.id, "reopen", null);
        if (status === "acknowledged") transitionAlert(tenantId, alert.id, "acknowledge", null);
      }
    }
  });
  return getAnomaly(tenantId, id);
}
