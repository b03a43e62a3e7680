/** What the organization did in Endpoint Security in a window (the executive view's time saved and modules in use). */
import { countSince } from "~/lib/count-since.server";
import { endpointHosts } from "./schema";

export function endpointActivitySince(tenantId: string, since: number | null) {
  // A host counts once, by its latest inventory (the table keeps the last one only).
  return { hostsInventoried: countSince(endpointHosts, tenantId, endpointHosts.inventoryAt, since) };
}
