/**
 * Compliance usage figures (issue 31, /usage): evidence added, and requirements marked compliant in the window
 * (one state row per requirement; its time is the last change, so a requirement met and still met counts once).
 */
import { eq } from "drizzle-orm";
import { countSince } from "~/lib/count-since.server";
import { complianceEvidence, complianceRequirementStates } from "./schema";

export function complianceUsageSince(tenantId: string, since: number | null) {
  return {
    evidenceAdded: countSince(complianceEvidence, tenantId, complianceEvidence.createdAt, since),
    requirementsMet: countSince(
      complianceRequirementStates,
      tenantId,
      complianceRequirementStates.updatedAt,
      since,
      eq(complianceRequirementStates.status, "compliant"),
    ),
  };
}
