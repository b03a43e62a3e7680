/**
 * Zero Trust usage figure (issue 31, /usage): functions of the model whose stage was set or changed in the
 * window (one claim row per function; its time is the last change).
 */
import { countSince } from "~/lib/count-since.server";
import { ztClaims } from "./schema";

export function zeroTrustUsageSince(tenantId: string, since: number | null) {
  return { functionsAssessed: countSince(ztClaims, tenantId, ztClaims.updatedAt, since) };
}
