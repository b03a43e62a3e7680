/**
 * What the /siem-soar page shows for its detection sections besides the rule library: the rule test (analysis,
 * stores nothing: the same "hunt" permission as a retro-hunt) and the placeholder lists (rule management). Their
 * form intents are handled in app/routes/_app.siem-soar.tsx.
 */
import type { Role } from "~/lib/permissions";

import { latestEvents } from "~/modules/events";

import { can } from "~/modules/permissions";
import { listPlaceholders } from "./placeholders.server";

export const DETECTION_PAGE_INTENTS = new Set(["test-rule", "placeholder-save", "placeholder-delete"]);

/** What the page shows for these sections. */
export function detectionPageData(tenantId: string, role: Role | null | undefined) {
  const canTest = can(role, "hunt", "run");
  return {
    canTest,
    placeholders: listPlaceholders(tenantId),
    recentEvents: canTest
      ? latestEvents(tenantId, 20).map((e) => ({
          id: e.id,
          label: `${new Date(e.time).toISOString().slice(0, 19).replace("T", " ")} ${e.host ?? ""} ${(e.message ?? "").slice(0, 60)}`,
        }))
      : [],
  };
}
