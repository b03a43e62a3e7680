/**
 * Endpoint Security usage figures (issue 31, /usage and the executive view's time saved): hosts enrolled (agent or collector) in the window, and
 * policy checks whose latest result, taken in the window, is failing (one result per host and policy; a check
 * the agent could not run is not a failure).
 */
import { eq } from "drizzle-orm";
import { countSince } from "~/lib/count-since.server";
import { endpointHosts, endpointPolicyResults } from "./schema";

export function endpointUsageSince(tenantId: string, since: number | null) {
  return {
    hostsEnrolled: countSince(endpointHosts, tenantId, endpointHosts.enrolledAt, since),
    // Hosts whose latest inventory arrived in the window (the executive view's time saved; the table keeps the last).
    hostsInventoried: countSince(endpointHosts, tenantId, endpointHosts.inventoryAt, since),
    policyFailures: countSince(
      endpointPolicyResults,
      tenantId,
      endpointPolicyResults.checkedAt,
      since,
      eq(endpointPolicyResults.passing, false),
    ),
  };
}
