/**
 * Compliance's posture contribution (issue 31), from its own tables: the adopted frameworks' score is the
 * action's measure, not a list of findings.
 */
import { count, eq, min } from "drizzle-orm";
import { complianceAdoptions } from "./schema";
import { db } from "~/lib/db.server";
import { plural } from "~/lib/plural";
import type { Contribution } from "~/modules/posture";
import { overallComplianceScore } from "./compliance.server";

export function complianceContribution(tenantId: string): Contribution {
  const adoptions = db
    .select({ n: count(), since: min(complianceAdoptions.adoptedAt) })
    .from(complianceAdoptions)
    .where(eq(complianceAdoptions.tenantId, tenantId))
    .get();
  const adopted = adoptions?.n ?? 0;
  const score = adopted ? overallComplianceScore(tenantId) : null;
  return {
    coverage: {
      module: "compliance",
      label: "Compliance",
      href: "/compliance-monitoring",
      assessed: score !== null,
      since: adopted ? (adoptions?.since ?? null) : null,
      statement:
        score === null
          ? "Not assessed: no framework has been adopted yet."
          : `${plural(adopted, "framework")} adopted; requirements met: ${score}%.`,
    },
    // Requirements are tracked on the compliance page; their score is the action's measure, not a list of findings.
    findings: [],
    actions:
      score === null
        ? []
        : [
            {
              id: "meet-requirements",
              module: "compliance",
              title: "Meet your adopted frameworks' requirements",
              points: 15,
              href: "/compliance-monitoring",
              fraction: score / 100,
              how: "Mark requirements compliant with evidence, or not applicable with a justification.",
            },
          ],
  };
}
