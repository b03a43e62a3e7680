/**
 * Emergency access in the permission vocabulary (app/modules/permissions.ts): owners and admins see and name the
 * organization's trusted contacts and reject a request during its wait period; any owner revokes a grant. What a
 * contact does about their own nomination (accept, decline, request) is theirs, checked against the nomination,
 * not a role: the contact is often not a member.
 */
import { ADMINS_AND_OWNERS, definePermissions, OWNERS } from "~/lib/permissions";

export const emergencyAccessPermissions = definePermissions({
  emergencyAccess: {
    label: "Emergency access",
    actions: {
      read: { roles: ADMINS_AND_OWNERS, label: "See trusted contacts and their timeline" },
      manage: { roles: ADMINS_AND_OWNERS, label: "Name and remove trusted contacts, reject access requests" },
      revoke: { roles: OWNERS, label: "Revoke granted emergency access" },
    },
  },
});
