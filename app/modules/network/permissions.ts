/**
 * Network Security in the permission vocabulary (app/modules/permissions.ts): everyone views scans, assets and
 * findings; members import scans (a stored scan can raise alerts), so viewers may not; admins and owners attest
 * the targets the server may scan (a scan of someone else's network is an attack, so it is their word).
 */
import { ADMINS_AND_OWNERS, definePermissions, MEMBERS_AND_UP } from "~/lib/permissions";

export const networkPermissions = definePermissions({
  networkScan: {
    label: "Network scans",
    actions: { import: { roles: MEMBERS_AND_UP, label: "Import Nmap scans" } },
  },
  networkTarget: {
    label: "Network scan targets",
    actions: { manage: { roles: ADMINS_AND_OWNERS, label: "Attest and remove the targets the server may scan" } },
  },
});
