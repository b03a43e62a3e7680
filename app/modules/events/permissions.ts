/**
 * Events and anomalies in the permission vocabulary (app/modules/permissions.ts): everyone views logs and
 * anomalies; members and up send events with their session (tokens carry their own scope); owners and admins
 * acknowledge anomalies or mark them benign, which changes what alerts later, and set retention.
 */
import { ADMINS_AND_OWNERS, definePermissions, EVERYONE, MEMBERS_AND_UP } from "~/lib/permissions";

export const eventPermissions = definePermissions({
  event: {
    label: "Events",
    actions: {
      view: { roles: EVERYONE, label: "Search logs and view anomalies" },
      send: { roles: MEMBERS_AND_UP, label: "Send events with a signed-in session" },
      configure: { roles: ADMINS_AND_OWNERS, label: "Change log retention" },
    },
  },
  anomaly: {
    label: "Anomalies",
    actions: { triage: { roles: ADMINS_AND_OWNERS, label: "Acknowledge anomalies or mark them benign" } },
  },
});

export const EVENTS_DENIED = {
  view: "Your role in this organization does not allow this.",
  ingest: "Your role in this organization does not allow sending events.",
  triage: "Only owners and admins acknowledge anomalies or mark them benign.",
  configure: "Only owners and admins change log retention.",
} as const;
