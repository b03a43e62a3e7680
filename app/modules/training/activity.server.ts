/** What the organization did in Training Management in a window (the executive view's time saved and modules in use). */
import { countSince } from "~/lib/count-since.server";
import { trainingAssignments, trainingRecipients } from "./schema";

export function trainingActivitySince(tenantId: string, since: number | null) {
  return {
    simulationsSent: countSince(trainingRecipients, tenantId, trainingRecipients.sentAt, since),
    coursesCompleted: countSince(trainingAssignments, tenantId, trainingAssignments.completedAt, since),
  };
}
