/**
 * Zero Trust in the permission vocabulary (app/modules/permissions.ts): every member reads the assessment and
 * its roadmap; owners and admins record the organization's claims.
 */
import { ADMINS_AND_OWNERS, definePermissions, EVERYONE } from "~/lib/permissions";

export const zeroTrustPermissions = definePermissions({
  zeroTrust: {
    label: "Zero Trust assessment",
    actions: {
      view: { roles: EVERYONE, label: "View the Zero Trust assessment and roadmap" },
      assess: { roles: ADMINS_AND_OWNERS, label: "Record the stage the organization has reached for each function" },
    },
  },
});

export const ZERO_TRUST_PERMISSION_MESSAGE = "Only owners and admins can change the Zero Trust assessment.";
