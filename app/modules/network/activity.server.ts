/** What the organization did in Network Security in a window (the executive view's time saved and modules in use). */
import { countSince } from "~/lib/count-since.server";
import { networkScans } from "./schema";

export function networkActivitySince(tenantId: string, since: number | null) {
  // By import time: a scheduled or uploaded scan counts when Rampart read it.
  return { scansImported: countSince(networkScans, tenantId, networkScans.createdAt, since) };
}
