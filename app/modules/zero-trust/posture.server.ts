/**
 * Zero Trust's posture contribution (issue 31), from the organization's own assessment (its claims and the
 * evidence other modules hold, as the Zero Trust page shows them):
 * - each function claimed at "Traditional" is a finding; the action earns its points in the share of claimed
 *   functions past Traditional;
 * - each claim above what the evidence supports is a finding; the action earns its points in the share of
 *   evidenced claims the evidence backs.
 * An assessment nobody revisited for CLAIMS_MAX_AGE_MS is stale (a year-old self-assessment says little about
 * today), and with no claim at all the module is "not assessed".
 */
import type { Contribution, ImprovementActionDef, PostureFinding } from "~/modules/posture";
import { plural } from "~/lib/plural";
import { listClaims, zeroTrustAssessment } from "./assessment.server";
import { STAGES } from "./model";

export const CLAIMS_MAX_AGE_MS = 365 * 86_400_000;

export function zeroTrustContribution(tenantId: string, now = Date.now()): Contribution {
  // The evidence reads several modules: gathered only when there is a claim to weigh it against.
  const assessment = listClaims(tenantId).length ? zeroTrustAssessment(tenantId) : null;
  const claimed = (assessment?.groups ?? []).flatMap((g) => g.functions.filter((f) => f.claim).map((f) => ({ g, f })));
  const lastUpdate = Math.max(-Infinity, ...claimed.map(({ f }) => f.claim!.updatedAt));
  const assessed = claimed.length > 0 && now - lastUpdate <= CLAIMS_MAX_AGE_MS;
  const findings: PostureFinding[] = [];
  const actions: ImprovementActionDef[] = [];
  if (assessed) {
    const traditional = claimed.filter(({ f }) => f.claim!.stage === 0);
    for (const { g, f } of traditional)
      findings.push({
        key: `zero-trust:stage:${f.id}`,
        module: "zero-trust",
        action: "advance-traditional",
        title: `${g.name}: ${f.name} is at ${STAGES[0]}`,
        severity: "medium",
        state: "open",
        foundAt: f.claim!.updatedAt,
        closedAt: null,
      });
    actions.push({
      id: "advance-traditional",
      module: "zero-trust",
      title: "Move Zero Trust functions past Traditional",
      points: 10,
      href: "/zero-trust#zt-roadmap",
      fraction: (claimed.length - traditional.length) / claimed.length,
      measure: `${claimed.length - traditional.length} of ${plural(claimed.length, "assessed function")} past ${STAGES[0]}.`,
      how: "Take the roadmap's first steps for the functions still at Traditional, then update the assessment.",
    });
    const evidenced = claimed.filter(({ f }) => f.supported !== null);
    const flagged = evidenced.filter(({ f }) => f.flag);
    for (const { g, f } of flagged)
      findings.push({
        key: `zero-trust:claim:${f.id}`,
        module: "zero-trust",
        action: "back-claims",
        title: `${g.name}: ${f.name} claimed ${STAGES[f.claim!.stage]}, evidence supports ${STAGES[f.supported!]}`,
        severity: "medium",
        state: "open",
        foundAt: f.claim!.updatedAt,
        closedAt: null,
      });
    // Claims with no evidence either way are the team's word: nothing to measure them against.
    if (evidenced.length)
      actions.push({
        id: "back-claims",
        module: "zero-trust",
        title: "Back Zero Trust claims with evidence",
        points: 5,
        href: "/zero-trust#zt-assessment",
        fraction: (evidenced.length - flagged.length) / evidenced.length,
        measure: `${evidenced.length - flagged.length} of ${plural(evidenced.length, "claim")} with evidence are backed by it.`,
        how: "Close the gap the flagged functions name (or lower the claim to what is in place), then save the assessment.",
      });
  }
  return {
    coverage: {
      module: "zero-trust",
      label: "Zero Trust",
      href: "/zero-trust",
      assessed,
      since: assessed ? Math.min(...claimed.map(({ f }) => f.claim!.updatedAt)) : null,
      statement: assessed
        ? `${plural(claimed.length, "function")} of ${assessment!.total} assessed against CISA's Zero Trust Maturity Model.`
        : claimed.length
          ? "Not assessed: the Zero Trust assessment has not been updated for more than a year."
          : "Not assessed: no function of the Zero Trust model has been assessed yet.",
    },
    findings,
    actions,
  };
}
