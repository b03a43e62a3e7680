/**
 * Who may do what in compliance monitoring, in one place so it can be pointed
 * at the organization-wide role × action table when that lands: members (and
 * viewers) see the frameworks, scores and evidence; owners and admins adopt
 * frameworks and change statuses, owners and evidence.
 */
export type ComplianceAction = "view" | "manage";

export function complianceAllows(role: string, action: ComplianceAction): boolean {
  if (action === "view") return true;
  return role === "owner" || role === "admin";
}

export const MANAGE_REFUSED = "Only owners and admins can change compliance records.";
