/**
 * Privacy Guard in the permission vocabulary (app/modules/permissions.ts): every member views and logs
 * requests; owners and admins change their state (status, extensions, checklist, assignee, notes) and configure
 * the module (data map, public form, time zone, custom policy).
 */
import { ADMINS_AND_OWNERS, definePermissions, EVERYONE, MEMBERS_AND_UP } from "~/lib/permissions";

export const privacyPermissions = definePermissions({
  privacyRequest: {
    label: "Privacy requests",
    actions: {
      view: { roles: EVERYONE, label: "View privacy requests" },
      log: { roles: MEMBERS_AND_UP, label: "Log privacy requests" },
      work: { roles: ADMINS_AND_OWNERS, label: "Change a request's status, deadline, checklist, assignee or notes" },
      configure: {
        roles: ADMINS_AND_OWNERS,
        label: "Change the data map, the public form and Privacy Guard's settings",
      },
    },
  },
});

export type PrivacyAction = keyof (typeof privacyPermissions)["privacyRequest"]["actions"];

export const PERMISSION_MESSAGE: Record<PrivacyAction, string> = {
  view: "You do not have access to this organization's privacy requests.",
  log: "Your role cannot log privacy requests.",
  work: "Only owners and admins can change a privacy request.",
  configure: "Only owners and admins can change Privacy Guard's settings.",
};
