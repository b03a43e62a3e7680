/**
 * Playbooks' role checks in one place, read from the organization's role x action table (app/lib/permissions.ts):
 * everyone who may view sees playbooks, runs and the watchlist; owners and admins create, change and delete
 * playbooks and approve or reject waiting runs.
 */
import { can, type PermissionAction, type Role } from "~/lib/permissions";

export type PlaybookAction = "view" | "manage" | "approve";

const ACTION: Record<PlaybookAction, PermissionAction> = {
  view: "view",
  manage: "triage",
  approve: "triage",
};

export function canPlaybook(role: Role | null | undefined, action: PlaybookAction): boolean {
  return can(role, ACTION[action]);
}

export const PLAYBOOK_PERMISSION_MESSAGE: Record<PlaybookAction, string> = {
  view: "Your role in this organization does not allow viewing playbooks.",
  manage: "Only owners and admins can create, change or delete playbooks.",
  approve: "Only owners and admins can approve or reject a playbook run.",
};
