/**
 * Endpoint Security's posture contribution (issue 31), from the module's own tables: each policy failing on a
 * device is a finding, and each action earns its points in the share of policy checks that pass. Only devices
 * that reported within STALE_AFTER_MS count (the module's own staleness rule): a device silent for longer proves
 * nothing today, and with no such device, or none with a policy result, the module is "not assessed". A policy
 * the agent could not run is not checked: neither a pass nor a failure.
 */
import { and, eq, gte, isNotNull, isNull } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { plural } from "~/lib/plural";
import type { Contribution, ImprovementActionDef, PostureFinding } from "~/modules/posture";
import { STALE_AFTER_MS } from "./hosts.server";
import { POLICY_BY_ID, policyPlatform } from "./policies";
import { endpointHosts, endpointPolicyResults } from "./schema";

export function endpointContribution(tenantId: string, now = Date.now()): Contribution {
  const enrolled = db
    .select({ id: endpointHosts.id })
    .from(endpointHosts)
    .where(and(eq(endpointHosts.tenantId, tenantId), isNull(endpointHosts.revokedAt)))
    .all().length;
  const hosts = db
    .select({
      id: endpointHosts.id,
      hostname: endpointHosts.hostname,
      platform: endpointHosts.platform,
      enrolledAt: endpointHosts.enrolledAt,
    })
    .from(endpointHosts)
    .where(
      and(
        eq(endpointHosts.tenantId, tenantId),
        isNull(endpointHosts.revokedAt),
        gte(endpointHosts.lastSeenAt, now - STALE_AFTER_MS),
      ),
    )
    .all();
  const byId = new Map(hosts.map((h) => [h.id, h]));
  const results = db
    .select()
    .from(endpointPolicyResults)
    .where(and(eq(endpointPolicyResults.tenantId, tenantId), isNotNull(endpointPolicyResults.passing)))
    .all()
    .filter((r) => {
      const host = byId.get(r.hostId);
      const policy = POLICY_BY_ID.get(r.policyId);
      const platform = host ? policyPlatform(host.platform) : null;
      return !!policy && platform !== null && policy.platforms.includes(platform);
    });
  const serious = (policyId: string) => {
    const s = POLICY_BY_ID.get(policyId)!.severity;
    return s === "critical" || s === "high";
  };
  const findings: PostureFinding[] = results
    .filter((r) => r.passing === false)
    .map((r) => {
      const policy = POLICY_BY_ID.get(r.policyId)!;
      return {
        key: `endpoint:${r.hostId}:${r.policyId}`,
        module: "endpoint" as const,
        action: serious(r.policyId) ? "fix-serious-device-policies" : "fix-device-policies",
        title: `${byId.get(r.hostId)!.hostname}: ${policy.name} fails`,
        severity: policy.severity,
        state: "open" as const,
        // When the failure began is not stored (only the latest result): counted from its latest check.
        foundAt: r.checkedAt,
        closedAt: null,
      };
    });
  const actions: ImprovementActionDef[] = [];
  const measured = (id: string, title: string, points: number, how: string, group: typeof results) => {
    // An action with no checked policy has nothing to measure: it adds no points either way.
    if (!group.length) return;
    const passing = group.filter((r) => r.passing === true).length;
    actions.push({
      id,
      module: "endpoint",
      title,
      points,
      href: "/endpoint-security#policies-title",
      fraction: passing / group.length,
      measure: `${passing} of ${plural(group.length, "policy check")} pass on devices that reported in the last day.`,
      how,
    });
  };
  measured(
    "fix-serious-device-policies",
    "Fix failing critical and high device policies",
    15,
    "Follow each failing policy's resolution on the device; it passes at the device's next check-in.",
    results.filter((r) => serious(r.policyId)),
  );
  measured(
    "fix-device-policies",
    "Fix failing medium and low device policies",
    5,
    "Turn on the firewall, screen lock and automatic updates the failing policies name.",
    results.filter((r) => !serious(r.policyId)),
  );
  const judged = new Set(results.map((r) => r.hostId));
  const assessed = judged.size > 0;
  return {
    coverage: {
      module: "endpoint",
      label: "Endpoint Security",
      href: "/endpoint-security",
      assessed,
      since: assessed ? Math.min(...hosts.filter((h) => judged.has(h.id)).map((h) => h.enrolledAt)) : null,
      statement: assessed
        ? `${plural(judged.size, "device")} checked against the device policies (${plural(results.length, "policy result")}).`
        : enrolled
          ? "Not assessed: no enrolled device has reported a policy result in the last day."
          : "Not assessed: no device has been enrolled yet.",
    },
    findings,
    actions,
  };
}
