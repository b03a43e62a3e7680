/**
 * Detection in the permission vocabulary (app/modules/permissions.ts): everyone sees rules, detections and
 * hunts; members run hunts (analysis); owners and admins add, enable, change and delete rules.
 */
import { ADMINS_AND_OWNERS, definePermissions, EVERYONE, MEMBERS_AND_UP } from "~/lib/permissions";

export const detectionPermissions = definePermissions({
  detectionRule: {
    label: "Detection rules",
    actions: {
      view: { roles: EVERYONE, label: "View detection rules and detections" },
      manage: { roles: ADMINS_AND_OWNERS, label: "Add, enable, change and delete detection rules" },
    },
  },
  hunt: {
    label: "Threat hunts",
    actions: { run: { roles: MEMBERS_AND_UP, label: "Run hunts and rule tests over stored events" } },
  },
});

export const DETECTION_PERMISSION_MESSAGE = {
  view: "Your role in this organization does not allow viewing detections.",
  hunt: "Your role in this organization does not allow running hunts.",
  manageRules: "Only owners and admins can add, change or delete detection rules.",
} as const;
