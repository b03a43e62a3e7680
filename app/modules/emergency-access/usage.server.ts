/**
 * Emergency access usage figures (issue 31, /usage): requests made and grants that took effect, read from the
 * module's event timeline (a contact row holds only its current request, the timeline every one).
 */
import { eq } from "drizzle-orm";
import { countSince } from "~/lib/count-since.server";
import { emergencyEvents } from "./schema";

export function emergencyUsageSince(tenantId: string, since: number | null) {
  return {
    requests: countSince(emergencyEvents, tenantId, emergencyEvents.at, since, eq(emergencyEvents.kind, "requested")),
    grants: countSince(emergencyEvents, tenantId, emergencyEvents.at, since, eq(emergencyEvents.kind, "granted")),
  };
}
