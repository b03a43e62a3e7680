/**
 * osquery's TLS remote API (https://osquery.readthedocs.io/en/stable/deployment/remote/), as a real `osqueryd`
 * started with `--tls_hostname`, `--enroll_secret_path`, `--config_plugin=tls`, `--logger_plugin=tls` and
 * `--distributed_plugin=tls` speaks it:
 *
 * - enroll:   `{ enroll_secret, host_identifier, host_details }` → `{ node_key, node_invalid: false }`
 * - config:   `{ node_key }` → `{ schedule, node_invalid: false }`
 * - log:      `{ node_key, log_type: "result" | "status", data: [...] }` → `{ node_invalid: false }`
 * - distributed/read:  `{ node_key }` → `{ queries: { id: sql }, node_invalid: false }`
 * - distributed/write: `{ node_key, queries: { id: [rows] }, statuses: { id: 0 }, messages }` → `{ node_invalid: false }`
 *
 * A node key that is unknown (or whose host was removed) answers `{ node_invalid: true }` with 401, which makes
 * osquery enrol again. The organization is never named by the agent: it follows from the enroll secret, and then
 * from the node key. Values in osquery's JSON are strings (numbers included): they are read as such.
 */
import { randomUUID } from "node:crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { endpointQueries } from "./schema";
import {
  enrollHost,
  enrollSecretByValue,
  hostByNodeKey,
  osEcosystem,
  recordPolicyResults,
  replacePackages,
  touchHost,
  updateHost,
  type HostRow,
} from "./hosts.server";
import { policiesFor, POLICY_BY_ID } from "./policies";
import { db } from "~/lib/db.server";
import { rateLimit } from "~/lib/rate-limit.server";
import { effectivePlan, hasFeature } from "~/lib/plans";
import { getTenant, getTrial } from "~/modules/tenants";

/** Agents of an organization whose plan lost the feature (downgrade, trial's end) are refused like unknown ones. */
export function tenantHasEndpointSecurity(tenantId: string, now = Date.now()): boolean {
  const tenant = getTenant(tenantId);
  return !!tenant && hasFeature(effectivePlan(tenant.plan, getTrial(tenantId, now).status), "endpointSecurity");
}

/** How often a policy is asked again of a host. */
export const POLICY_RECHECK_MS = 3_600_000;
/** A query handed out and not answered within this is handed out again. */
const RESEND_AFTER_MS = 10 * 60_000;

export type Answer = { status: number; body: Record<string, unknown> };
const invalid = (message: string): Answer => ({
  status: 401,
  body: { node_invalid: true, message, code: "UNAUTHORIZED" },
});
export const bad = (message: string, status = 400): Answer => ({
  status,
  body: { message, code: status === 413 ? "PAYLOAD_TOO_LARGE" : status === 429 ? "RATE_LIMITED" : "BAD_REQUEST" },
});

const str = (v: unknown, max = 300): string | null =>
  typeof v === "string" ? v.slice(0, max) : typeof v === "number" ? String(v) : null;
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

export function enroll(body: Record<string, unknown>, ip: string, now = Date.now()): Answer {
  const limited = rateLimit(`osquery-enroll:${ip}`, 60, 60_000, now);
  if (!limited.allowed) return bad("Too many enrolment attempts; try again later", 429);
  const value = str(body.enroll_secret, 200);
  if (!value) return bad("enroll_secret is required");
  const secret = enrollSecretByValue(value.trim());
  // The same answer for a wrong and a revoked secret.
  if (!secret) return invalid("The enroll secret is not valid");
  if (!tenantHasEndpointSecurity(secret.tenantId, now))
    return {
      status: 403,
      body: {
        node_invalid: true,
        message: "This organization's plan does not include Endpoint Security",
        code: "UPGRADE_REQUIRED",
      },
    };
  const hostIdentifier = str(body.host_identifier, 255)?.trim();
  if (!hostIdentifier) return bad("host_identifier is required");
  const details = obj(body.host_details);
  const os = obj(details.os_version);
  const sys = obj(details.system_info);
  const info = obj(details.osquery_info);
  const platformInfo = obj(details.platform_info);
  const { nodeKey } = enrollHost(
    secret.tenantId,
    secret.id,
    {
      hostIdentifier,
      hostname: str(sys.hostname, 255) ?? str(sys.computer_name, 255) ?? hostIdentifier,
      platform: str(os.platform, 50) ?? str(body.platform_type, 50) ?? str(platformInfo.platform, 50) ?? "unknown",
      osName: str(os.name, 100),
      osVersion: str(os.version, 100),
      agentVersion: str(info.version, 50),
    },
    now,
  );
  return { status: 200, body: { node_key: nodeKey, node_invalid: false } };
}

/** The scheduled queries: a snapshot of each inventory table, so a result log always holds the whole list. */
export const SCHEDULE = {
  rampart_os_version: {
    query: "SELECT name, version, major, minor, platform FROM os_version;",
    interval: 3600,
    snapshot: true,
  },
  rampart_deb_packages: {
    query: "SELECT name, version FROM deb_packages;",
    interval: 3600,
    snapshot: true,
    platform: "linux",
  },
  rampart_rpm_packages: {
    query: "SELECT name, version || '-' || release AS version FROM rpm_packages;",
    interval: 3600,
    snapshot: true,
    platform: "linux",
  },
  rampart_programs: {
    query: "SELECT name, version FROM programs;",
    interval: 3600,
    snapshot: true,
    platform: "windows",
  },
  rampart_apps: {
    query: "SELECT name, bundle_short_version AS version FROM apps;",
    interval: 3600,
    snapshot: true,
    platform: "darwin",
  },
  rampart_python_packages: {
    query: "SELECT DISTINCT name, version FROM python_packages;",
    interval: 86400,
    snapshot: true,
  },
  rampart_npm_packages: { query: "SELECT DISTINCT name, version FROM npm_packages;", interval: 86400, snapshot: true },
  rampart_users: { query: "SELECT uid, username FROM users;", interval: 3600, snapshot: true },
  rampart_listening_ports: {
    query:
      "SELECT lp.port, lp.protocol, lp.address, p.name AS process FROM listening_ports lp LEFT JOIN processes p USING (pid) WHERE lp.port != 0;",
    interval: 3600,
    snapshot: true,
  },
} as const;

function withHost(body: Record<string, unknown>, now: number): { host: HostRow } | { answer: Answer } {
  const host = hostByNodeKey(String(body.node_key ?? ""));
  if (!host) return { answer: invalid("Unknown node key: enrol again") };
  if (!tenantHasEndpointSecurity(host.tenantId, now))
    return {
      answer: {
        status: 403,
        body: {
          node_invalid: false,
          message: "This organization's plan does not include Endpoint Security",
          code: "UPGRADE_REQUIRED",
        },
      },
    };
  touchHost(host.id, now);
  return { host };
}

export function config(body: Record<string, unknown>, now = Date.now()): Answer {
  const h = withHost(body, now);
  if ("answer" in h) return h.answer;
  return { status: 200, body: { schedule: SCHEDULE, node_invalid: false } };
}

type ResultItem = Record<string, unknown>;

/** The rows a result log item carries, whatever the logger's event format (snapshot, event, or batch). */
function rowsOf(item: ResultItem): { action: "snapshot" | "added" | "removed"; rows: Record<string, unknown>[] }[] {
  if (Array.isArray(item.snapshot)) return [{ action: "snapshot", rows: item.snapshot.map(obj) }];
  if (item.columns && typeof item.action === "string")
    return [{ action: item.action === "removed" ? "removed" : "added", rows: [obj(item.columns)] }];
  const diff = obj(item.diffResults);
  const out: { action: "added" | "removed"; rows: Record<string, unknown>[] }[] = [];
  if (Array.isArray(diff.added)) out.push({ action: "added", rows: diff.added.map(obj) });
  if (Array.isArray(diff.removed)) out.push({ action: "removed", rows: diff.removed.map(obj) });
  return out;
}

/** "pack_rampart_rampart_users" or "rampart_users": the query's own name. */
function queryName(name: unknown): keyof typeof SCHEDULE | null {
  const n = String(name ?? "");
  const key = (Object.keys(SCHEDULE) as (keyof typeof SCHEDULE)[]).find((k) => n === k || n.endsWith(`_${k}`));
  return key ?? null;
}

const PACKAGE_SOURCE: Partial<Record<keyof typeof SCHEDULE, string>> = {
  rampart_deb_packages: "deb",
  rampart_rpm_packages: "rpm",
  rampart_programs: "programs",
  rampart_apps: "apps",
  rampart_python_packages: "python",
  rampart_npm_packages: "npm",
};

export function log(body: Record<string, unknown>, now = Date.now()): Answer {
  const h = withHost(body, now);
  if ("answer" in h) return h.answer;
  const host = h.host;
  // Status logs (osquery's own messages) are acknowledged and not kept.
  if (body.log_type !== "result") return { status: 200, body: { node_invalid: false } };
  if (!Array.isArray(body.data)) return bad("data must be an array of log items");
  let current = host;
  for (const raw of body.data) {
    const item = obj(raw);
    const name = queryName(item.name);
    if (!name) continue;
    for (const { action, rows } of rowsOf(item)) {
      // Only snapshots replace state; an "added"/"removed" event of a differential query is not a full list.
      if (action !== "snapshot") continue;
      if (name === "rampart_os_version") {
        const r = rows[0];
        if (r) {
          updateHost(host.id, {
            osName: str(r.name, 100),
            osVersion: str(r.version, 100),
            platform: str(r.platform, 50) ?? current.platform,
          });
          current = { ...current, osName: str(r.name, 100), osVersion: str(r.version, 100) };
        }
      } else if (name === "rampart_users") {
        updateHost(host.id, {
          posture: {
            users: rows.slice(0, 5_000).map((r) => ({
              name: str(r.username, 200) ?? "",
              uid: Number.isFinite(Number(r.uid)) ? Number(r.uid) : null,
              admin: Number(r.uid) === 0,
            })),
          },
        });
      } else if (name === "rampart_listening_ports") {
        updateHost(host.id, {
          posture: {
            listeningPorts: rows.slice(0, 5_000).map((r) => ({
              port: Number(r.port) || 0,
              protocol: Number(r.protocol) === 17 ? "udp" : Number(r.protocol) === 6 ? "tcp" : String(r.protocol ?? ""),
              address: str(r.address, 100) ?? "",
              process: str(r.process, 200),
            })),
          },
        });
      } else {
        const source = PACKAGE_SOURCE[name]!;
        replacePackages(
          host.tenantId,
          host.id,
          source,
          rows.slice(0, 50_000).map((r) => ({ name: str(r.name) ?? "", version: str(r.version, 200) ?? "" })),
          osEcosystem(source, current.osName, current.osVersion),
        );
        updateHost(host.id, { inventoryAt: now });
      }
    }
  }
  return { status: 200, body: { node_invalid: false } };
}

/** Hands the host the policy queries it has not answered within the recheck period. */
export function distributedRead(body: Record<string, unknown>, now = Date.now()): Answer {
  const h = withHost(body, now);
  if ("answer" in h) return h.answer;
  const host = h.host;
  const rows = db.select().from(endpointQueries).where(eq(endpointQueries.hostId, host.id)).all();
  const queries: Record<string, string> = {};
  for (const p of policiesFor(host.platform)) {
    const latest = rows.filter((r) => r.policyId === p.id).sort((a, b) => b.createdAt - a.createdAt)[0];
    const fresh = latest?.answeredAt && now - latest.answeredAt < POLICY_RECHECK_MS;
    const waiting = latest && !latest.answeredAt && latest.sentAt && now - latest.sentAt < RESEND_AFTER_MS;
    if (fresh || waiting) continue;
    const id = latest && !latest.answeredAt ? latest.id : `rampart-${randomUUID()}`;
    if (latest && !latest.answeredAt)
      db.update(endpointQueries).set({ sentAt: now }).where(eq(endpointQueries.id, id)).run();
    else
      db.insert(endpointQueries)
        .values({
          id,
          tenantId: host.tenantId,
          hostId: host.id,
          policyId: p.id,
          sql: p.query,
          createdAt: now,
          sentAt: now,
        })
        .run();
    queries[id] = p.query;
  }
  // Answered queries older than a day are history the results table already holds.
  db.delete(endpointQueries)
    .where(
      and(
        eq(endpointQueries.hostId, host.id),
        or(
          lt(endpointQueries.answeredAt, now - 86_400_000),
          and(isNull(endpointQueries.answeredAt), lt(endpointQueries.createdAt, now - 86_400_000)),
        ),
      ),
    )
    .run();
  return { status: 200, body: { queries, node_invalid: false } };
}

/** Stores the answers: a policy passes when its query returned rows; a non-zero status is "not checked". */
export function distributedWrite(body: Record<string, unknown>, now = Date.now()): Answer {
  const h = withHost(body, now);
  if ("answer" in h) return h.answer;
  const host = h.host;
  const results = obj(body.queries);
  const statuses = obj(body.statuses);
  const messages = obj(body.messages);
  const answers = [];
  for (const [id, rows] of Object.entries(results)) {
    const q = db
      .select()
      .from(endpointQueries)
      .where(and(eq(endpointQueries.id, id), eq(endpointQueries.hostId, host.id)))
      .get();
    if (!q || q.answeredAt || !POLICY_BY_ID.has(q.policyId)) continue;
    const status = Number(statuses[id] ?? 0);
    answers.push({
      policyId: q.policyId,
      passing: status === 0 ? Array.isArray(rows) && rows.length > 0 : null,
      message: status === 0 ? null : (str(messages[id], 500) ?? `The agent could not run the query (status ${status})`),
    });
    db.update(endpointQueries).set({ answeredAt: now }).where(eq(endpointQueries.id, id)).run();
  }
  recordPolicyResults(host.tenantId, host.id, answers, now);
  return { status: 200, body: { node_invalid: false } };
}
