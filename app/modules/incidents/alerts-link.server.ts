/**
 * The only place incident response touches alerts (app/modules/alerts), kept small so the alerting rework merges:
 * reading the alerts a case is opened from, acknowledging them, and raising the SLA-breach alert.
 */
import { hasFeature, type Plan } from "~/lib/plans";
import type { Role } from "~/lib/permissions";
import { can } from "~/modules/permissions";
import { listActiveAlerts, listAlerts, raiseAlert, setAlertStatus, transitionAlert } from "~/modules/alerts";
import type { Severity } from "./types";

export const INCIDENT_ALERT_SOURCE = "incident-response";

export type LinkedAlert = { id: string; title: string; severity: Severity; status: string; source: string };

/** The tenant's alerts among `ids`, in the order given (others' and unknown ids are left out). */
export function findAlerts(tenantId: string, ids: readonly string[]): LinkedAlert[] {
  if (ids.length === 0) return [];
  const position = new Map(ids.map((id, i) => [id, i]));
  return listAlerts(tenantId, 10_000)
    .filter((a) => position.has(a.id))
    .sort((a, b) => position.get(a.id)! - position.get(b.id)!)
    .map((a) => ({ id: a.id, title: a.title, severity: a.severity, status: a.status, source: a.source }));
}

/** Alerts not yet resolved (the choices when opening a case). */
export function listOpenAlerts(tenantId: string): LinkedAlert[] {
  return listActiveAlerts(tenantId, 100).map((a) => ({
    id: a.id,
    title: a.title,
    severity: a.severity,
    status: a.status,
    source: a.source,
  }));
}

/** Opening a case acknowledges its alerts (resolved ones stay resolved). */
export function acknowledgeAlerts(tenantId: string, alerts: readonly LinkedAlert[]) {
  for (const a of alerts) if (a.status === "active") setAlertStatus(tenantId, a.id, "acknowledged");
}

/** Resolving or closing a case resolves its alerts, through the alert lifecycle (timeline, channels told). */
export function resolveAlerts(tenantId: string, alertIds: readonly string[], userId: string | null) {
  for (const id of alertIds) transitionAlert(tenantId, id, "resolve", userId);
}

/** One alert per case and missed target (the dedupe key makes the check idempotent). */
export function raiseSlaBreachAlert(input: {
  tenantId: string;
  caseId: string;
  reference: string;
  title: string;
  severity: Severity;
  kind: string;
  kindLabel: string;
}): boolean {
  return (
    raiseAlert({
      tenantId: input.tenantId,
      source: INCIDENT_ALERT_SOURCE,
      severity: input.severity,
      title: `${input.reference} missed its ${input.kindLabel.toLowerCase()} target`,
      detail: `Incident "${input.title}" is past its ${input.kindLabel.toLowerCase()} target.`,
      dedupeKey: `incident-sla:${input.caseId}:${input.kind}`,
    }) !== null
  );
}

/** For /alerts: whether the reader may open a case from selected alerts (plan feature and role). */
export function canOpenCaseFromAlerts(ctx: { effectivePlan: Plan; tenant: { role: Role } }) {
  return hasFeature(ctx.effectivePlan, "incidentResponse") && can(ctx.tenant.role, "incident", "work");
}
