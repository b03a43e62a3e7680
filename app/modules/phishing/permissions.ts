/**
 * Phishing's entity in the permission vocabulary (app/modules/permissions.ts): members analyse suspicious
 * e-mails (each analysis is stored as a finding), so viewers may not; releasing or quarantining mail changes
 * what reaches people and needs an admin or the owner.
 */
import { ADMINS_AND_OWNERS, definePermissions, MEMBERS_AND_UP } from "~/lib/permissions";

export const phishingPermissions = definePermissions({
  email: {
    label: "Suspicious e-mail",
    actions: {
      analyze: { roles: MEMBERS_AND_UP, label: "Analyse suspicious e-mails (stored as findings)" },
      triage: { roles: ADMINS_AND_OWNERS, label: "Release or quarantine mail" },
    },
  },
});
