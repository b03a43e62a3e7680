/**
 * Detection's role checks in one place, read from the organization's role x action table (app/lib/permissions.ts):
 * everyone who may view sees rules, detections and hunts; members may run hunts (analysis); owners and admins
 * change state (add, enable, delete rules; approve playbook runs).
 */
import { can, type PermissionAction, type Role } from "~/lib/permissions";

export type DetectionAction = "view" | "hunt" | "manageRules";

const ACTION: Record<DetectionAction, PermissionAction> = {
  view: "view",
  hunt: "analyze",
  manageRules: "triage",
};

export function canDetection(role: Role | null | undefined, action: DetectionAction): boolean {
  return can(role, ACTION[action]);
}

export const DETECTION_PERMISSION_MESSAGE: Record<DetectionAction, string> = {
  view: "Your role in this organization does not allow viewing detections.",
  hunt: "Your role in this organization does not allow running hunts.",
  manageRules: "Only owners and admins can add, change or delete detection rules.",
};
