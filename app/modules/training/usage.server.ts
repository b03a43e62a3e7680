/**
 * Training's usage figures (issue 31, /usage): counted from its own tables by the time each thing happened.
 * A campaign counts as launched once it has left "scheduled" (its launch time is when sending began).
 */
import { inArray } from "drizzle-orm";
import { countSince } from "~/lib/count-since.server";
import { trainingAssignments, trainingCampaigns, trainingRecipients } from "./schema";

export function trainingUsageSince(tenantId: string, since: number | null) {
  return {
    campaignsLaunched: countSince(
      trainingCampaigns,
      tenantId,
      trainingCampaigns.launchAt,
      since,
      inArray(trainingCampaigns.status, ["sending", "sent"]),
    ),
    simulationsSent: countSince(trainingRecipients, tenantId, trainingRecipients.sentAt, since),
    reportedByUsers: countSince(trainingRecipients, tenantId, trainingRecipients.reportedAt, since),
    coursesCompleted: countSince(trainingAssignments, tenantId, trainingAssignments.completedAt, since),
  };
}
