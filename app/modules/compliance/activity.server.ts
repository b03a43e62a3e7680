/** What the organization did in Compliance in a window (the executive view's time saved and modules in use). */
import { countSince } from "~/lib/count-since.server";
import { complianceEvidence } from "./schema";

export function complianceActivitySince(tenantId: string, since: number | null) {
  return { evidenceAdded: countSince(complianceEvidence, tenantId, complianceEvidence.createdAt, since) };
}
