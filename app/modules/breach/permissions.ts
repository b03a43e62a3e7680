/**
 * Dark-web monitoring's entities in the permission vocabulary (app/modules/permissions.ts): everyone sees
 * exposures; resolving them and changing the watched addresses and domains is for admins and owners.
 */
import { ADMINS_AND_OWNERS, definePermissions } from "~/lib/permissions";

export const breachPermissions = definePermissions({
  exposure: {
    label: "Dark-web exposures",
    actions: { triage: { roles: ADMINS_AND_OWNERS, label: "Resolve or reopen exposures" } },
  },
  watchlist: {
    label: "Dark-web watchlist",
    actions: { manage: { roles: ADMINS_AND_OWNERS, label: "Add and remove watched e-mail addresses and domains" } },
  },
});
