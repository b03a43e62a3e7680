/**
 * Who may do what in Privacy Guard, in one place so it can be pointed at the
 * shared role x action table when there is one: every member views and logs
 * requests; owners and admins change their state (status, extensions,
 * checklist, assignee, notes) and configure the module (data map, public
 * form, time zone, custom policy).
 */
import type { Role } from "@db/schema";

export type PrivacyAction = "view" | "log" | "work" | "configure";

const ALLOWED: Record<PrivacyAction, readonly string[]> = {
  view: ["owner", "admin", "member", "viewer"],
  log: ["owner", "admin", "member"],
  work: ["owner", "admin"],
  configure: ["owner", "admin"],
};

export function canPrivacy(role: Role | string, action: PrivacyAction): boolean {
  return ALLOWED[action].includes(role);
}

export const PERMISSION_MESSAGE: Record<PrivacyAction, string> = {
  view: "You do not have access to this organization's privacy requests.",
  log: "Your role cannot log privacy requests.",
  work: "Only owners and admins can change a privacy request.",
  configure: "Only owners and admins can change Privacy Guard's settings.",
};
