/**
 * Who may do what with events and anomalies, in one place (pointed at the
 * permission table, app/lib/permissions.ts): everyone in the organization views
 * logs and anomalies; members and up may send events with their session (tokens
 * carry their own scope); owners and admins acknowledge or mark anomalies benign,
 * which changes what alerts later, and set retention.
 */
import { can, type Role } from "~/lib/permissions";

export type EventsAction = "view" | "ingest" | "triage" | "configure";

export function canEvents(role: Role | null | undefined, action: EventsAction): boolean {
  if (action === "view") return can(role, "view");
  if (action === "ingest") return can(role, "analyze");
  return can(role, "triage");
}

export const EVENTS_DENIED: Record<EventsAction, string> = {
  view: "Your role in this organization does not allow this.",
  ingest: "Your role in this organization does not allow sending events.",
  triage: "Only owners and admins acknowledge anomalies or mark them benign.",
  configure: "Only owners and admins change log retention.",
};
