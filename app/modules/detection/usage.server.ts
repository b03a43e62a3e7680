/**
 * Detection usage figures (issue 31, /usage): Sigma rules added and enabled, detections made, and hunts run and
 * saved (the hunts table is this module's; Threat Hunting's page saves through saveHunt).
 */
import { eq } from "drizzle-orm";
import { countSince } from "~/lib/count-since.server";
import { detectionRules, detections, hunts } from "./schema";

export function detectionUsageSince(tenantId: string, since: number | null) {
  return {
    rulesEnabled: countSince(
      detectionRules,
      tenantId,
      detectionRules.createdAt,
      since,
      eq(detectionRules.enabled, true),
    ),
    detections: countSince(detections, tenantId, detections.createdAt, since),
  };
}

export function huntsUsageSince(tenantId: string, since: number | null) {
  return { huntsRun: countSince(hunts, tenantId, hunts.createdAt, since) };
}
