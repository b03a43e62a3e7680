/**
 * Incident response in the permission vocabulary (app/modules/permissions.ts): everyone views cases; members
 * work them (open cases, add tasks, observables, evidence and comments, tick tasks) since responders are rarely
 * all admins; owners and admins change a case's state (status, assignee, merge) and edit the playbook
 * templates; owners alone set the response time targets.
 */
import type { RequireOptions } from "~/modules/tenants";
import { ADMINS_AND_OWNERS, definePermissions, EVERYONE, MEMBERS_AND_UP, OWNERS } from "~/lib/permissions";

export const incidentPermissions = definePermissions({
  incident: {
    label: "Incidents",
    actions: {
      view: { roles: EVERYONE, label: "View incident cases" },
      work: { roles: MEMBERS_AND_UP, label: "Open cases, add tasks, observables, evidence and comments" },
      manage: { roles: ADMINS_AND_OWNERS, label: "Change a case's status or assignee, merge cases" },
      editTemplates: { roles: ADMINS_AND_OWNERS, label: "Edit incident playbook templates" },
      setTargets: { roles: OWNERS, label: "Set the response time targets" },
    },
  },
});

export type IncidentAction = keyof (typeof incidentPermissions)["incident"]["actions"];

export const PERMISSION_MESSAGE: Record<IncidentAction, string> = {
  view: "You do not have access to this organization's incidents.",
  work: "Your role cannot work on incident cases.",
  manage: "Only owners and admins can change a case's status, assignee or merge cases.",
  editTemplates: "Only owners and admins can edit playbook templates.",
  setTargets: "Only owners can set the response time targets.",
};

/**
 * What an /api/incidents endpoint requires (requireTenantContext's options): the Incident Response feature and a
 * role allowed `action`, refused in the words above.
 */
export function incidentApiAccess(action: IncidentAction) {
  return {
    feature: "incidentResponse",
    api: true,
    permission: ["incident", action],
    refusal: PERMISSION_MESSAGE[action],
  } as const satisfies RequireOptions;
}
