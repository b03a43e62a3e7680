/** What the organization did in Cloud Security in a window (the executive view's time saved and modules in use). */
import { countSince } from "~/lib/count-since.server";
import { cloudSnapshots } from "./schema";

export function cloudActivitySince(tenantId: string, since: number | null) {
  return { snapshotsChecked: countSince(cloudSnapshots, tenantId, cloudSnapshots.createdAt, since) };
}
