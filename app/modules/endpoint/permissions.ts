/**
 * Endpoint Security in the permission vocabulary (app/modules/permissions.ts): every member sees the devices and
 * policies; members report a device's inventory (the collector, with their session or a token they made); owners
 * and admins manage enroll secrets and remove devices.
 */
import { ADMINS_AND_OWNERS, definePermissions, EVERYONE, MEMBERS_AND_UP } from "~/lib/permissions";

export const endpointPermissions = definePermissions({
  endpoint: {
    label: "Devices",
    actions: {
      view: { roles: EVERYONE, label: "View devices, their inventory and policy results" },
      report: { roles: MEMBERS_AND_UP, label: "Report a device's inventory (collector script)" },
      manage: { roles: ADMINS_AND_OWNERS, label: "Create and revoke enroll secrets, remove devices" },
    },
  },
});

export const ENDPOINT_PERMISSION_MESSAGE = "Only owners and admins can manage enroll secrets and devices.";
