/**
 * The Zero Trust assessment of one organization: the claims it stored (its own tables), the facts other modules
 * report through their exported functions, and one maturity reading per day for the history.
 */
import { and, asc, eq, gte } from "drizzle-orm";
import { z } from "zod";
import { ztClaims, ztHistory } from "./schema";
import { assess, NO_FACTS, proposeEvidence, reading, type Assessment, type Claim, type ZtFacts } from "./maturity";
import { ZTMM, type Stage } from "./model";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { audit } from "~/modules/audit";
import { darkWebContribution } from "~/modules/breach";
import { complianceContribution } from "~/modules/compliance";
import { listRules as listDetectionRules } from "~/modules/detection";
import { storedEventStats } from "~/modules/events";
import { listChannels, listPolicies } from "~/modules/alerts";
import { listPlaybooks } from "~/modules/playbooks";
import { listSystems } from "~/modules/privacy";
import { dependenciesContribution, websitesContribution } from "~/modules/vulnerability/index.server";
import { identityFacts } from "~/modules/accounts";
import { ssoFacts } from "~/modules/sso";
import { endpointFacts } from "~/modules/endpoint";
import { networkFacts, SCAN_MAX_AGE_MS } from "~/modules/network";
import { cloudFacts, SNAPSHOT_MAX_AGE_MS } from "~/modules/cloud";

const DAY_MS = 86_400_000;
/**
 * A scan or upload older than this is stale: it proposes nothing (not checked), never an old all-clear. The
 * network and cloud modules own the rule (their posture contributions read the same age).
 */
export const EVIDENCE_MAX_AGE_MS = Math.min(SCAN_MAX_AGE_MS, SNAPSHOT_MAX_AGE_MS);
export const MAX_NOTES = 2_000;
export const MAX_LINKS = 5;

/** What the other modules report for this organization, each null when the module holds nothing. */
export function gatherFacts(tenantId: string, now = Date.now()): ZtFacts {
  const said = (c: { coverage: { assessed: boolean; statement: string } }) =>
    c.coverage.assessed ? { assessed: true, statement: c.coverage.statement } : null;
  const events = storedEventStats(tenantId).n;
  const systems = listSystems(tenantId);
  const playbooks = listPlaybooks(tenantId);
  const policies = listPolicies(tenantId);
  const channels = listChannels(tenantId);
  const people = identityFacts(tenantId);
  const sso = ssoFacts(tenantId);
  const devices = endpointFacts(tenantId, now);
  const network = networkFacts(tenantId);
  const cloud = cloudFacts(tenantId, now);
  const fresh = (at: number | null, maxAge: number) => at !== null && now - at <= maxAge;
  return {
    ...NO_FACTS,
    identity: {
      members: people.members,
      withTwoFactor: people.withTwoFactor,
      twoFactorRequired: people.twoFactorRequired,
      passkeyUsers: sso.passkeyUsers,
      ssoConfigured: sso.configured,
      ssoEnforced: sso.enforced,
    },
    endpoint: devices.hosts ? devices : null,
    network:
      network.scans && fresh(network.lastScanAt, SCAN_MAX_AGE_MS)
        ? {
            scans: network.scans,
            lastScanAt: network.lastScanAt,
            exposureFindings: Object.values(network.findingsBySeverity).reduce((a, b) => a + b, 0),
          }
        : null,
    cloud:
      cloud.snapshots && fresh(cloud.lastUploadAt, SNAPSHOT_MAX_AGE_MS)
        ? {
            snapshots: cloud.snapshots,
            lastUploadAt: cloud.lastUploadAt,
            failingHigh: cloud.failing.high + cloud.failing.critical,
          }
        : null,
    breachMonitoring: said(darkWebContribution(tenantId)),
    dependencies: said(dependenciesContribution(tenantId)),
    websites: said(websitesContribution(tenantId)),
    logs: events > 0 ? { events } : null,
    detection: { enabledRules: listDetectionRules(tenantId).filter((r) => r.enabled).length },
    automation:
      playbooks.length || policies.length
        ? {
            enabledPlaybooks: playbooks.filter((p) => p.enabled).length,
            escalationPolicies: policies.length,
            channels: channels.length,
          }
        : null,
    compliance: said(complianceContribution(tenantId)),
    dataMap: systems.length
      ? { systems: systems.length, categorised: systems.filter((s) => s.dataCategories.length > 0).length }
      : null,
  };
}

export function listClaims(tenantId: string): Claim[] {
  return db
    .select()
    .from(ztClaims)
    .where(eq(ztClaims.tenantId, tenantId))
    .all()
    .map((r) => ({
      functionId: r.functionId,
      stage: r.stage as Stage,
      notes: r.notes,
      links: r.links,
      updatedAt: r.updatedAt,
    }));
}

export function zeroTrustAssessment(tenantId: string): Assessment {
  return assess(listClaims(tenantId), proposeEvidence(gatherFacts(tenantId)));
}

export type HistoryPoint = { day: string; overall: number; groups: Record<string, number | null> };

/** Readings of the last `days` days, oldest first. */
export function zeroTrustHistory(tenantId: string, now = Date.now(), days = 365): HistoryPoint[] {
  const from = new Date(now - days * DAY_MS).toISOString().slice(0, 10);
  return db
    .select({ day: ztHistory.day, overall: ztHistory.overall, groups: ztHistory.groups })
    .from(ztHistory)
    .where(and(eq(ztHistory.tenantId, tenantId), gte(ztHistory.day, from)))
    .orderBy(asc(ztHistory.day))
    .all();
}

const url = z
  .string()
  .trim()
  .max(2_000)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === "https:" || u.protocol === "http:";
    } catch {
      return false;
    }
  }, "Enter a link starting with https://");

const entry = z.object({
  functionId: z.string(),
  // "" leaves the function unassessed (and removes a claim made earlier).
  stage: z.union([z.literal(""), z.coerce.number().int().min(0).max(3)]),
  notes: z.string().trim().max(MAX_NOTES, `Keep notes under ${MAX_NOTES} characters`),
  links: z.array(url).max(MAX_LINKS, `At most ${MAX_LINKS} links`),
});
export type ClaimInput = z.input<typeof entry>;

export class AssessmentError extends DomainError {
  constructor(message: string, field: string) {
    super(message, { status: 400, field });
  }
}

/**
 * Saves one group's claims in one transaction (all or nothing: a bad link in one row keeps every row as it was),
 * records today's reading, and audits what changed.
 */
export function saveGroupClaims(
  tenantId: string,
  actorId: string,
  groupId: string,
  inputs: ClaimInput[],
  now = Date.now(),
  ip: string | null = null,
): { changed: number } {
  const group = ZTMM.find((g) => g.id === groupId);
  if (!group) throw new AssessmentError("Unknown section of the model.", "group");
  const ids = new Set(group.functions.map((f) => f.id));
  const parsed = inputs.map((raw) => {
    const r = entry.safeParse(raw);
    if (!r.success) {
      const issue = r.error.issues[0];
      throw new AssessmentError(issue.message, `${String(raw.functionId)}.${String(issue.path[0] ?? "stage")}`);
    }
    if (!ids.has(r.data.functionId)) throw new AssessmentError("Unknown function of the model.", "functionId");
    return r.data;
  });
  const before = new Map(listClaims(tenantId).map((c) => [c.functionId, c]));
  let changed = 0;
  db.transaction((tx) => {
    for (const c of parsed) {
      const old = before.get(c.functionId);
      if (c.stage === "") {
        if (old) {
          tx.delete(ztClaims)
            .where(and(eq(ztClaims.tenantId, tenantId), eq(ztClaims.functionId, c.functionId)))
            .run();
          changed++;
        }
        continue;
      }
      const same =
        old && old.stage === c.stage && old.notes === c.notes && JSON.stringify(old.links) === JSON.stringify(c.links);
      if (same) continue;
      tx.insert(ztClaims)
        .values({
          tenantId,
          functionId: c.functionId,
          stage: c.stage,
          notes: c.notes,
          links: c.links,
          updatedBy: actorId,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [ztClaims.tenantId, ztClaims.functionId],
          set: { stage: c.stage, notes: c.notes, links: c.links, updatedBy: actorId, updatedAt: now },
        })
        .run();
      changed++;
    }
    if (changed) {
      // Inside the transaction: the claims just written are visible on this connection.
      const r = reading(zeroTrustAssessment(tenantId));
      const day = new Date(now).toISOString().slice(0, 10);
      tx.insert(ztHistory)
        .values({ tenantId, day, overall: r.overall, groups: r.groups, recordedAt: now })
        .onConflictDoUpdate({
          target: [ztHistory.tenantId, ztHistory.day],
          set: { overall: r.overall, groups: r.groups, recordedAt: now },
        })
        .run();
    }
  });
  if (changed)
    audit({
      action: "zero_trust.assessed",
      tenantId,
      userId: actorId,
      ip,
      detail: { section: group.name, changed },
    });
  return { changed };
}
