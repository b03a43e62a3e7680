/**
 * Cloud security in the permission vocabulary (app/modules/permissions.ts): everyone sees snapshots and
 * findings; members upload CLI outputs (each upload stores a snapshot and may raise alerts); owners and
 * admins keep the mutelist, since a mute silences alerts for everyone.
 */
import { ADMINS_AND_OWNERS, definePermissions, MEMBERS_AND_UP } from "~/lib/permissions";

export const cloudPermissions = definePermissions({
  cloudSnapshot: {
    label: "Cloud snapshots",
    actions: { upload: { roles: MEMBERS_AND_UP, label: "Upload cloud CLI outputs and Prowler findings" } },
  },
  cloudMute: {
    label: "Cloud mutelist",
    actions: { manage: { roles: ADMINS_AND_OWNERS, label: "Mute and unmute cloud findings" } },
  },
});

export const UPLOAD_FORBIDDEN = "Viewers cannot upload cloud snapshots: ask an admin for the member role.";
export const MUTE_FORBIDDEN = "Only an admin or owner of this organization can change the mutelist.";
