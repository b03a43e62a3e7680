/**
 * Enroll secrets, hosts, their inventory and their policy results: the tables of this module, written only here.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import {
  endpointEnrollSecrets,
  endpointHosts,
  endpointPackages,
  endpointPolicyHistory,
  endpointPolicyResults,
  type HostPosture,
} from "./schema";
import { POLICIES, POLICY_BY_ID, policiesFor, policyPlatform, type InventoryView } from "./policies";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { raiseAlert, resolveAlertsForObject } from "~/modules/alerts";

export const SECRET_PREFIX = "rmpe_";
export const NODE_KEY_PREFIX = "rmpn_";
export const MAX_SECRETS = 20;
/** A host that has not checked in for a day is stale: its results are shown, marked as old. */
export const STALE_AFTER_MS = 24 * 3_600_000;

export const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const secret = (prefix: string) => `${prefix}${randomBytes(32).toString("base64url")}`;

export const EMPTY_POSTURE: HostPosture = {
  diskEncryption: null,
  firewall: null,
  screenLock: null,
  autoUpdate: null,
  users: null,
  listeningPorts: null,
};

export class EndpointError extends DomainError {}

// ---- enroll secrets ----

export function listEnrollSecrets(tenantId: string) {
  return db
    .select({
      id: endpointEnrollSecrets.id,
      name: endpointEnrollSecrets.name,
      createdAt: endpointEnrollSecrets.createdAt,
      revokedAt: endpointEnrollSecrets.revokedAt,
    })
    .from(endpointEnrollSecrets)
    .where(eq(endpointEnrollSecrets.tenantId, tenantId))
    .orderBy(desc(endpointEnrollSecrets.createdAt))
    .all();
}

/** A new enroll secret; the secret itself is returned once and only its hash is kept. */
export function createEnrollSecret(tenantId: string, userId: string, name: string) {
  const label = name.trim().slice(0, 100);
  if (!label)
    throw new EndpointError("Name the secret (for example the fleet or office it is for).", { field: "name" });
  const active = listEnrollSecrets(tenantId).filter((s) => s.revokedAt === null).length;
  if (active >= MAX_SECRETS)
    throw new EndpointError(`At most ${MAX_SECRETS} active enroll secrets: revoke one first.`, { field: "name" });
  const value = secret(SECRET_PREFIX);
  const id = randomUUID();
  db.insert(endpointEnrollSecrets)
    .values({ id, tenantId, name: label, secretHash: sha256(value), createdBy: userId })
    .run();
  return { id, name: label, secret: value };
}

/** Revoking a secret stops new enrolments with it; hosts already enrolled keep their node keys. */
export function revokeEnrollSecret(tenantId: string, id: string, now = Date.now()): boolean {
  return (
    db
      .update(endpointEnrollSecrets)
      .set({ revokedAt: now })
      .where(
        and(
          eq(endpointEnrollSecrets.tenantId, tenantId),
          eq(endpointEnrollSecrets.id, id),
          isNull(endpointEnrollSecrets.revokedAt),
        ),
      )
      .run().changes > 0
  );
}

export function enrollSecretByValue(value: string) {
  return db
    .select()
    .from(endpointEnrollSecrets)
    .where(and(eq(endpointEnrollSecrets.secretHash, sha256(value)), isNull(endpointEnrollSecrets.revokedAt)))
    .get();
}

// ---- hosts ----

export type HostIdentity = {
  hostIdentifier: string;
  hostname: string;
  platform: string;
  osName: string | null;
  osVersion: string | null;
  agentVersion: string | null;
};

/** Enrols (or re-enrols) an osquery host; answers its new node key. A re-enrolment replaces the old key. */
export function enrollHost(tenantId: string, enrollSecretId: string, who: HostIdentity, now = Date.now()) {
  const nodeKey = secret(NODE_KEY_PREFIX);
  const existing = hostByIdentity(tenantId, "osquery", who.hostIdentifier);
  if (existing) {
    db.update(endpointHosts)
      .set({ ...who, nodeKeyHash: sha256(nodeKey), enrollSecretId, lastSeenAt: now, revokedAt: null })
      .where(eq(endpointHosts.id, existing.id))
      .run();
    return { hostId: existing.id, nodeKey };
  }
  const id = randomUUID();
  db.insert(endpointHosts)
    .values({
      id,
      tenantId,
      source: "osquery",
      nodeKeyHash: sha256(nodeKey),
      enrollSecretId,
      ...who,
      posture: EMPTY_POSTURE,
      enrolledAt: now,
      lastSeenAt: now,
    })
    .run();
  return { hostId: id, nodeKey };
}

function hostByIdentity(tenantId: string, source: "osquery" | "collector", hostIdentifier: string) {
  return db
    .select()
    .from(endpointHosts)
    .where(
      and(
        eq(endpointHosts.tenantId, tenantId),
        eq(endpointHosts.source, source),
        eq(endpointHosts.hostIdentifier, hostIdentifier),
      ),
    )
    .get();
}

export type HostRow = typeof endpointHosts.$inferSelect;

/** The host a node key belongs to (null: unknown or removed: the agent must enrol again). */
export function hostByNodeKey(nodeKey: string): HostRow | null {
  if (typeof nodeKey !== "string" || !nodeKey.startsWith(NODE_KEY_PREFIX)) return null;
  return (
    db
      .select()
      .from(endpointHosts)
      .where(and(eq(endpointHosts.nodeKeyHash, sha256(nodeKey)), isNull(endpointHosts.revokedAt)))
      .get() ?? null
  );
}

export function touchHost(hostId: string, now = Date.now()) {
  db.update(endpointHosts).set({ lastSeenAt: now }).where(eq(endpointHosts.id, hostId)).run();
}

export function updateHost(
  hostId: string,
  patch: Partial<Pick<HostRow, "osName" | "osVersion" | "platform" | "hostname" | "agentVersion" | "inventoryAt">> & {
    posture?: Partial<HostPosture>;
  },
) {
  const host = db.select().from(endpointHosts).where(eq(endpointHosts.id, hostId)).get();
  if (!host) return;
  const { posture, ...rest } = patch;
  db.update(endpointHosts)
    .set({ ...rest, ...(posture ? { posture: { ...host.posture, ...posture } } : {}) })
    .where(eq(endpointHosts.id, hostId))
    .run();
}

export type PackageInput = { name: string; version: string };

/** Replaces the host's packages read from one source (a snapshot): what is gone was uninstalled. */
export function replacePackages(
  tenantId: string,
  hostId: string,
  source: string,
  packages: PackageInput[],
  ecosystem: string | null,
) {
  const seen = new Set<string>();
  const rows = packages
    .map((p) => ({ name: String(p.name ?? "").slice(0, 300), version: String(p.version ?? "").slice(0, 200) }))
    .filter(
      (p) => p.name && p.version && !seen.has(`${p.name}\u0000${p.version}`) && seen.add(`${p.name}\u0000${p.version}`),
    );
  db.transaction((tx) => {
    tx.delete(endpointPackages)
      .where(and(eq(endpointPackages.hostId, hostId), eq(endpointPackages.source, source)))
      .run();
    for (let i = 0; i < rows.length; i += 500)
      tx.insert(endpointPackages)
        .values(rows.slice(i, i + 500).map((p) => ({ tenantId, hostId, source, ecosystem, ...p })))
        .run();
  });
  return rows.length;
}

/** The OSV ecosystem of a host's OS packages, from its OS name and version ("Debian:12", "Ubuntu:22.04"). */
export function osEcosystem(source: string, osName: string | null, osVersion: string | null): string | null {
  // Language packages osquery reads (python_packages, npm_packages) are matched in their own ecosystems.
  if (source === "python") return "PyPI";
  if (source === "npm") return "npm";
  if (!osName) return null;
  const version = (osVersion ?? "").trim();
  if (source === "deb" && /^debian/i.test(osName)) {
    const m = /^(\d+)/.exec(version);
    return m ? `Debian:${m[1]}` : null;
  }
  if (source === "deb" && /^ubuntu/i.test(osName)) {
    const m = /^(\d+\.\d+)/.exec(version);
    return m ? `Ubuntu:${m[1]}` : null;
  }
  if (source === "apk" && /alpine/i.test(osName)) {
    const m = /^(\d+\.\d+)/.exec(version);
    return m ? `Alpine:v${m[1]}` : null;
  }
  return null;
}

// ---- policy results ----

export type PolicyAnswer = { policyId: string; passing: boolean | null; message?: string | null };

export function recordPolicyResults(tenantId: string, hostId: string, answers: PolicyAnswer[], now = Date.now()) {
  const known = answers.filter((a) => POLICY_BY_ID.has(a.policyId));
  if (!known.length) return;
  db.transaction((tx) => {
    for (const a of known)
      tx.insert(endpointPolicyResults)
        .values({
          tenantId,
          hostId,
          policyId: a.policyId,
          passing: a.passing,
          message: a.message ?? null,
          checkedAt: now,
        })
        .onConflictDoUpdate({
          target: [endpointPolicyResults.hostId, endpointPolicyResults.policyId],
          set: { passing: a.passing, message: a.message ?? null, checkedAt: now },
        })
        .run();
  });
  recordDay(tenantId, now);
  alertOnPolicies(tenantId, hostId, known);
}

/**
 * A high or critical policy failing on a device is an alert (one per device and policy, repeats counted on it);
 * it resolves when the policy passes again. Not checked changes nothing.
 */
function alertOnPolicies(tenantId: string, hostId: string, answers: PolicyAnswer[]) {
  const host = db
    .select({ hostname: endpointHosts.hostname })
    .from(endpointHosts)
    .where(and(eq(endpointHosts.tenantId, tenantId), eq(endpointHosts.id, hostId)))
    .get();
  if (!host) return;
  for (const a of answers) {
    const policy = POLICY_BY_ID.get(a.policyId)!;
    const object = { type: "endpoint-policy", id: `${hostId}:${a.policyId}` };
    if (a.passing === true) resolveAlertsForObject(tenantId, object);
    else if (a.passing === false && (policy.severity === "high" || policy.severity === "critical"))
      raiseAlert({
        tenantId,
        source: "endpoint",
        severity: policy.severity,
        title: `${host.hostname}: ${policy.name} fails`,
        detail: `${policy.description} Fix: ${policy.resolution}`,
        rule: policy.id,
        entity: host.hostname,
        object,
      });
  }
}

/** Today's compliance per policy, from every host's latest result (the history chart reads one row a day). */
function recordDay(tenantId: string, now: number) {
  const day = new Date(now).toISOString().slice(0, 10);
  const counts = db
    .select({
      policyId: endpointPolicyResults.policyId,
      passing: sql<number>`sum(case when ${endpointPolicyResults.passing} = 1 then 1 else 0 end)`,
      failing: sql<number>`sum(case when ${endpointPolicyResults.passing} = 0 then 1 else 0 end)`,
    })
    .from(endpointPolicyResults)
    .where(eq(endpointPolicyResults.tenantId, tenantId))
    .groupBy(endpointPolicyResults.policyId)
    .all();
  db.transaction((tx) => {
    for (const c of counts)
      tx.insert(endpointPolicyHistory)
        .values({ tenantId, day, policyId: c.policyId, passing: c.passing, failing: c.failing })
        .onConflictDoUpdate({
          target: [endpointPolicyHistory.tenantId, endpointPolicyHistory.day, endpointPolicyHistory.policyId],
          set: { passing: c.passing, failing: c.failing },
        })
        .run();
  });
}

/** Evaluates the policies a collector's inventory can answer (the others stay not checked). */
export function evaluateInventory(view: InventoryView): PolicyAnswer[] {
  return policiesFor(view.platform).flatMap((p) => {
    if (!p.inventory) return [];
    const passing = p.inventory(view);
    return passing === null ? [] : [{ policyId: p.id, passing }];
  });
}

// ---- reads ----

export type HostView = {
  id: string;
  hostname: string;
  source: "osquery" | "collector";
  platform: string;
  os: string;
  lastSeenAt: number;
  stale: boolean;
  packages: number;
  passing: number;
  failing: number;
  failingPolicies: string[];
};

export function listHosts(tenantId: string, now = Date.now()): HostView[] {
  const hosts = db
    .select()
    .from(endpointHosts)
    .where(and(eq(endpointHosts.tenantId, tenantId), isNull(endpointHosts.revokedAt)))
    .orderBy(asc(endpointHosts.hostname))
    .all();
  const packageCounts = new Map(
    db
      .select({ hostId: endpointPackages.hostId, n: sql<number>`count(*)` })
      .from(endpointPackages)
      .where(eq(endpointPackages.tenantId, tenantId))
      .groupBy(endpointPackages.hostId)
      .all()
      .map((r) => [r.hostId, r.n]),
  );
  const results = db.select().from(endpointPolicyResults).where(eq(endpointPolicyResults.tenantId, tenantId)).all();
  return hosts.map((h) => {
    const mine = results.filter((r) => r.hostId === h.id);
    return {
      id: h.id,
      hostname: h.hostname,
      source: h.source,
      platform: h.platform,
      os: [h.osName, h.osVersion].filter(Boolean).join(" ") || "Not reported",
      lastSeenAt: h.lastSeenAt,
      stale: now - h.lastSeenAt > STALE_AFTER_MS,
      packages: packageCounts.get(h.id) ?? 0,
      passing: mine.filter((r) => r.passing === true).length,
      failing: mine.filter((r) => r.passing === false).length,
      failingPolicies: mine
        .filter((r) => r.passing === false)
        .map((r) => POLICY_BY_ID.get(r.policyId)?.name ?? r.policyId),
    };
  });
}

export type PolicyView = {
  id: string;
  name: string;
  platforms: readonly string[];
  severity: string;
  description: string;
  resolution: string;
  query: string;
  passing: number;
  failing: number;
  /** Hosts of its platforms with no result yet. */
  notChecked: number;
  /** Share of checked hosts that pass, null when none was checked. */
  compliance: number | null;
};

export function listPolicies(tenantId: string): PolicyView[] {
  const hosts = db
    .select({ id: endpointHosts.id, platform: endpointHosts.platform })
    .from(endpointHosts)
    .where(and(eq(endpointHosts.tenantId, tenantId), isNull(endpointHosts.revokedAt)))
    .all();
  const results = db.select().from(endpointPolicyResults).where(eq(endpointPolicyResults.tenantId, tenantId)).all();
  return POLICIES.map((p) => {
    const applicable = hosts.filter((h) => {
      const pp = policyPlatform(h.platform);
      return pp !== null && p.platforms.includes(pp);
    });
    const rs = results.filter((r) => r.policyId === p.id && applicable.some((h) => h.id === r.hostId));
    const passing = rs.filter((r) => r.passing === true).length;
    const failing = rs.filter((r) => r.passing === false).length;
    return {
      id: p.id,
      name: p.name,
      platforms: p.platforms,
      severity: p.severity,
      description: p.description,
      resolution: p.resolution,
      query: p.query,
      passing,
      failing,
      notChecked: applicable.length - passing - failing,
      compliance: passing + failing ? passing / (passing + failing) : null,
    };
  });
}

export function policyHistory(tenantId: string) {
  return db
    .select()
    .from(endpointPolicyHistory)
    .where(eq(endpointPolicyHistory.tenantId, tenantId))
    .orderBy(asc(endpointPolicyHistory.day))
    .all();
}

/** For other modules (Zero Trust evidence, posture): plain figures. */
export function endpointFacts(tenantId: string, now = Date.now()) {
  const hosts = listHosts(tenantId, now);
  const passing = hosts.reduce((n, h) => n + h.passing, 0);
  const failing = hosts.reduce((n, h) => n + h.failing, 0);
  return {
    hosts: hosts.length,
    staleHosts: hosts.filter((h) => h.stale).length,
    passingRate: passing + failing ? passing / (passing + failing) : null,
  };
}

/** Removing a device ends its node key (the agent must enrol again) and keeps nothing of it in the lists. */
export function removeHost(tenantId: string, id: string, now = Date.now()): boolean {
  return (
    db
      .update(endpointHosts)
      .set({ revokedAt: now, nodeKeyHash: null })
      .where(and(eq(endpointHosts.tenantId, tenantId), eq(endpointHosts.id, id), isNull(endpointHosts.revokedAt)))
      .run().changes > 0
  );
}
