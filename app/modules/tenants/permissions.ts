/**
 * The organization's own entities in the permission vocabulary (app/modules/permissions.ts): everyone views the
 * organization's pages; admins and owners invite people, read the audit trail (it names colleagues and their
 * network addresses) and open the admin area; owners alone change roles, remove members and manage the
 * organization itself (trial, name, deletion).
 */
import { ADMINS_AND_OWNERS, definePermissions, EVERYONE, OWNERS } from "~/lib/permissions";

export const tenantPermissions = definePermissions({
  organization: {
    label: "Organization",
    actions: {
      view: { roles: EVERYONE, label: "View dashboards, findings, alerts and reports" },
      manage: { roles: OWNERS, label: "Start the organization's trial, rename or delete it" },
    },
  },
  member: {
    label: "Members",
    actions: {
      invite: { roles: ADMINS_AND_OWNERS, label: "Invite people and revoke invitations" },
      manage: { roles: OWNERS, label: "Change roles and remove members" },
    },
  },
  auditTrail: {
    label: "Audit trail",
    actions: { read: { roles: ADMINS_AND_OWNERS, label: "Read the audit trail (who did what, from which address)" } },
  },
  adminArea: {
    label: "Admin area",
    actions: { open: { roles: ADMINS_AND_OWNERS, label: "Open the admin area" } },
  },
});
