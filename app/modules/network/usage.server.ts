/**
 * Network Security usage figures (issue 31, /usage): scans imported or run, and hosts of the inventory seen up
 * by a scan in the window (one asset per address, its last sighting).
 */
import { countSince } from "~/lib/count-since.server";
import { networkAssets, networkScans } from "./schema";

export function networkUsageSince(tenantId: string, since: number | null) {
  return {
    scansImported: countSince(networkScans, tenantId, networkScans.createdAt, since),
    hostsSeen: countSince(networkAssets, tenantId, networkAssets.lastSeenAt, since),
  };
}
