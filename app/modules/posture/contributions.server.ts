/**
 * What each working module contributes to the posture (issue 31), assembled in
 * the sidebar's order. Each module computes its own contribution from its own
 * tables (app/modules/<name>/posture.server.ts, the shape in ./types.ts), so
 * the posture model reads no other module's table: a contribution reads only
 * the tenant's own rows plus the reference data its check needs, and a check
 * without its reference data is "not assessed", never clean.
 */
import { darkWebContribution } from "~/modules/breach";
import { phishingContribution } from "~/modules/phishing/index.server";
import { passwordContribution } from "~/modules/password";
import { privacyContribution } from "~/modules/privacy";
import { dependenciesContribution, websitesContribution } from "~/modules/vulnerability/index.server";
import { logsContribution } from "~/modules/events";
import { incidentsContribution } from "~/modules/incidents";
import { complianceContribution } from "~/modules/compliance";
import { detectionContribution } from "~/modules/detection";
import { cloudContribution } from "~/modules/cloud";
import { networkContribution } from "~/modules/network";
import { endpointContribution } from "~/modules/endpoint";
import { trainingContribution } from "~/modules/training/index.server";
import { zeroTrustContribution } from "~/modules/zero-trust";
import type { Contribution } from "./types";

/** Every module's contribution, in the sidebar's order. */
export function contributions(tenantId: string, now = Date.now()): Contribution[] {
  return [
    darkWebContribution(tenantId),
    phishingContribution(tenantId),
    passwordContribution(),
    privacyContribution(tenantId, now),
    dependenciesContribution(tenantId),
    websitesContribution(tenantId),
    logsContribution(tenantId),
    endpointContribution(tenantId, now),
    incidentsContribution(tenantId),
    trainingContribution(tenantId, now),
    complianceContribution(tenantId),
    zeroTrustContribution(tenantId, now),
    cloudContribution(tenantId, now),
    networkContribution(tenantId, now),
    detectionContribution(tenantId),
  ];
}
