/**
 * Alerts in the permission vocabulary (app/modules/permissions.ts): everyone in the organization views alerts;
 * acknowledging, resolving and silencing is triage (owner, admin); rules, channels, escalation policies and
 * maintenance windows are configuration (owner, admin, in the admin area).
 */
import { ADMINS_AND_OWNERS, definePermissions, EVERYONE } from "~/lib/permissions";

export const alertPermissions = definePermissions({
  alert: {
    label: "Alerts",
    actions: {
      view: { roles: EVERYONE, label: "View alerts and their timelines" },
      triage: { roles: ADMINS_AND_OWNERS, label: "Acknowledge, resolve and silence alerts" },
      configure: {
        roles: ADMINS_AND_OWNERS,
        label: "Set alert rules, notification channels, escalation policies and maintenance windows",
      },
    },
  },
});
