/**
 * Compliance in the permission vocabulary (app/modules/permissions.ts): everyone sees the frameworks, scores and
 * evidence; owners and admins adopt frameworks and change statuses, owners and evidence.
 */
import { ADMINS_AND_OWNERS, definePermissions, EVERYONE } from "~/lib/permissions";

export const compliancePermissions = definePermissions({
  complianceRecord: {
    label: "Compliance records",
    actions: {
      view: { roles: EVERYONE, label: "View frameworks, scores and evidence" },
      manage: { roles: ADMINS_AND_OWNERS, label: "Adopt frameworks, change statuses, owners and evidence" },
    },
  },
});

export const MANAGE_REFUSED = "Only owners and admins can change compliance records.";
