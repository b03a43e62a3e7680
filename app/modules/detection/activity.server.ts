/** What the organization did in SIEM/SOAR in a window (the executive view's time saved and modules in use). */
import { countSince } from "~/lib/count-since.server";
import { detections } from "./schema";

export function detectionActivitySince(tenantId: string, since: number | null) {
  return { detections: countSince(detections, tenantId, detections.createdAt, since) };
}
