/**
 * Who may do what in incident response, in one function pointed at the shared role x action table
 * (app/lib/permissions.ts): everyone in the organization views cases; members work them (open cases, add tasks,
 * observables, evidence and comments, tick tasks) since responders are rarely all admins; owners and admins change
 * a case's state (status, assignee, merge) and edit the playbook templates; owners alone set the SLA targets.
 */
import { can, type Role } from "~/lib/permissions";

export type IncidentAction = "view" | "work" | "manage" | "configure" | "setSla";

const TABLE_ACTION = {
  view: "view",
  work: "analyze",
  manage: "triage",
  configure: "triage",
  setSla: "manageOrganization",
} as const;

export function canIncident(role: Role | string | null | undefined, action: IncidentAction): boolean {
  return can(role as Role, TABLE_ACTION[action]);
}

export const PERMISSION_MESSAGE: Record<IncidentAction, string> = {
  view: "You do not have access to this organization's incidents.",
  work: "Your role cannot work on incident cases.",
  manage: "Only owners and admins can change a case's status, assignee or merge cases.",
  configure: "Only owners and admins can edit playbook templates.",
  setSla: "Only owners can set the response time targets.",
};
