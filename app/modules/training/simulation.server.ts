/**
 * Whether a campaign id named in an X-Rampart-Simulation header is one of this organization's campaigns. The
 * phishing analyzer asks before it treats a message as a simulation: a real attacker adding the header to hide
 * from the alerts gets an ordinary analysis. Imports nothing of the phishing module (no import cycle).
 */
import { and, eq } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { trainingCampaigns } from "./schema";

export function isSimulationCampaign(tenantId: string, campaignId: string): boolean {
  if (!/^[0-9a-f-]{36}$/i.test(campaignId)) return false;
  return !!db
    .select({ id: trainingCampaigns.id })
    .from(trainingCampaigns)
    .where(and(eq(trainingCampaigns.tenantId, tenantId), eq(trainingCampaigns.id, campaignId)))
    .get();
}
