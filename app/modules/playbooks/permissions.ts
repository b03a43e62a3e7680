/**
 * Playbooks in the permission vocabulary (app/modules/permissions.ts): everyone sees playbooks, runs and the
 * watchlist; owners and admins create, change and delete playbooks and approve or reject waiting runs.
 */
import { ADMINS_AND_OWNERS, definePermissions, EVERYONE } from "~/lib/permissions";

export const playbookPermissions = definePermissions({
  playbook: {
    label: "Response playbooks",
    actions: {
      view: { roles: EVERYONE, label: "View playbooks and their runs" },
      manage: { roles: ADMINS_AND_OWNERS, label: "Create, change and delete playbooks" },
      approve: { roles: ADMINS_AND_OWNERS, label: "Approve or reject a waiting playbook run" },
    },
  },
});

export type PlaybookAction = keyof (typeof playbookPermissions)["playbook"]["actions"];

export const PLAYBOOK_PERMISSION_MESSAGE: Record<PlaybookAction, string> = {
  view: "Your role in this organization does not allow viewing playbooks.",
  manage: "Only owners and admins can create, change or delete playbooks.",
  approve: "Only owners and admins can approve or reject a playbook run.",
};
