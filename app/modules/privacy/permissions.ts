/**
 * Who may do what in Privacy Guard, in one place so it can be pointed at the
 * shared role x action table when there is one: every member views and logs
 * requests; owners and admins change their state (status, extensions,
 * checklist, assignee, notes) and configure the module (data map, public
 * form, time zone, custom policy).
 */
import type { Role } from "@db/schema";
import { can, isRole, type PermissionAction } from "~/lib/permissions";

export type PrivacyAction = "view" | "log" | "work" | "configure";

// Each Privacy Guard action is one row of the organization-wide role × action table.
const ACTION: Record<PrivacyAction, PermissionAction> = {
  view: "view",
  log: "analyze",
  work: "manageRecords",
  configure: "manageRecords",
};

export function canPrivacy(role: Role | string, action: PrivacyAction): boolean {
  return isRole(role) && can(role, ACTION[action]);
}

export const PERMISSION_MESSAGE: Record<PrivacyAction, string> = {
  view: "You do not have access to this organization's privacy requests.",
  log: "Your role cannot log privacy requests.",
  work: "Only owners and admins can change a privacy request.",
  configure: "Only owners and admins can change Privacy Guard's settings.",
};
