/** The case as the /api/incidents endpoints show it. */
import type { Role } from "~/lib/permissions";
import { can } from "~/modules/permissions";
import { getCase } from "./cases.server";
import { getSlaTargets, slaState } from "./sla.server";

/** The case as the API shows it: with its SLA state and the timeline left to its own endpoint. */
export function caseForApi(tenantId: string, id: string, role: Role, now = Date.now()) {
  const c = getCase(tenantId, id, now);
  if (!c) return null;
  const sla = slaState(c, getSlaTargets(tenantId), now);
  const full = can(role, "incident", "work");
  return { ...c, observables: full ? c.observables : [], evidence: full ? c.evidence : [], sla };
}
