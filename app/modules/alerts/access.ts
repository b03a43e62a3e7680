/**
 * The module's role rules in one place, pointed at the permission table
 * (app/lib/permissions.ts): everyone in the organization views alerts;
 * acknowledging, resolving and silencing is triage (owner, admin); rules,
 * channels, escalation policies and maintenance windows are administration.
 */
import { can, type Role } from "~/lib/permissions";

export type AlertingAction = "view" | "triage" | "configure";

export function canAlerting(role: Role, action: AlertingAction): boolean {
  if (action === "view") return can(role, "view");
  if (action === "triage") return can(role, "triage");
  return can(role, "administer");
}
