/**
 * Who may do what in compliance monitoring, read from the organization-wide
 * role × action table (app/lib/permissions.ts): members (and
 * viewers) see the frameworks, scores and evidence; owners and admins adopt
 * frameworks and change statuses, owners and evidence.
 */
import { can, isRole } from "~/lib/permissions";
export type ComplianceAction = "view" | "manage";

export function complianceAllows(role: string, action: ComplianceAction): boolean {
  if (!isRole(role)) return false;
  return can(role, action === "view" ? "view" : "manageRecords");
}

export const MANAGE_REFUSED = "Only owners and admins can change compliance records.";
