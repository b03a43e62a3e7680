/**
 * Measured response. SLA targets per severity (time to acknowledge, contain, resolve, counted from opening; owners
 * set them, the defaults are in templates.ts); a case past a target is flagged on its page and raises one alert per
 * missed target (the alerting module routes and escalates it). MTTA is the mean time from opening to the first
 * acknowledgement (leaving "open"), MTTR the mean time from opening to resolution, per month of opening and per
 * severity. Duplicates merged into another case are not counted.
 */
import { and, eq, isNull, notInArray } from "drizzle-orm";
import { incidents, incidentSlaTargets } from "./schema";
import { db } from "~/lib/db.server";
import { raiseSlaBreachAlert } from "./alerts-link.server";
import { appendEvent } from "./cases.server";
import { DEFAULT_SLA } from "./templates";
import { caseReference, SEVERITIES, SLA_KINDS, SLA_LABEL, type Severity, type SlaKind, type SlaTarget } from "./types";

export function getSlaTargets(tenantId: string): SlaTarget[] {
  const rows = db.select().from(incidentSlaTargets).where(eq(incidentSlaTargets.tenantId, tenantId)).all();
  return SEVERITIES.map((severity) => {
    const r = rows.find((x) => x.severity === severity);
    return r
      ? { severity, ackMinutes: r.ackMinutes, containMinutes: r.containMinutes, resolveMinutes: r.resolveMinutes }
      : { severity, ...DEFAULT_SLA[severity] };
  }).reverse();
}

export function setSlaTarget(tenantId: string, t: SlaTarget, now = Date.now()) {
  const values = { ackMinutes: t.ackMinutes, containMinutes: t.containMinutes, resolveMinutes: t.resolveMinutes };
  db.insert(incidentSlaTargets)
    .values({ tenantId, severity: t.severity, ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: [incidentSlaTargets.tenantId, incidentSlaTargets.severity],
      set: { ...values, updatedAt: now },
    })
    .run();
}

type Timed = {
  severity: Severity;
  status: string;
  openedAt: number;
  acknowledgedAt: number | null;
  containedAt: number | null;
  resolvedAt: number | null;
  mergedInto?: string | null;
};

export type SlaState = Record<SlaKind, { dueAt: number; metAt: number | null; breached: boolean }>;

const minutesOf = (t: SlaTarget, kind: SlaKind) =>
  kind === "ack" ? t.ackMinutes : kind === "contain" ? t.containMinutes : t.resolveMinutes;

/** Each target's due time, when it was met, and whether it is (or was) missed at `now`. */
export function slaState(c: Timed, targets: readonly SlaTarget[], now: number): SlaState {
  const target = targets.find((t) => t.severity === c.severity) ?? { severity: c.severity, ...DEFAULT_SLA[c.severity] };
  const metAt = { ack: c.acknowledgedAt, contain: c.containedAt, resolve: c.resolvedAt };
  const out = {} as SlaState;
  for (const kind of SLA_KINDS) {
    const dueAt = c.openedAt + minutesOf(target, kind) * 60_000;
    const met = metAt[kind];
    out[kind] = { dueAt, metAt: met, breached: met != null ? met > dueAt : now > dueAt };
  }
  return out;
}

export function breachedKinds(state: SlaState): SlaKind[] {
  return SLA_KINDS.filter((k) => state[k].breached);
}

/**
 * Raises an alert (and a timeline entry) for each target a still-running case has missed; idempotent. Returns the
 * number of new breaches. Runs periodically on the job runner and when the incident pages load.
 */
export function checkSlaBreaches(tenantId: string, now = Date.now()): number {
  const targets = getSlaTargets(tenantId);
  const running = db
    .select()
    .from(incidents)
    .where(
      and(eq(incidents.tenantId, tenantId), notInArray(incidents.status, ["closed"]), isNull(incidents.mergedInto)),
    )
    .all();
  let raised = 0;
  for (const c of running) {
    const state = slaState(c, targets, now);
    for (const kind of SLA_KINDS) {
      // Only targets still running are missed now; a target met late was already flagged when it ran out.
      if (state[kind].metAt != null || now <= state[kind].dueAt) continue;
      const isNew = raiseSlaBreachAlert({
        tenantId,
        caseId: c.id,
        reference: caseReference(c.number),
        title: c.title,
        severity: c.severity,
        kind,
        kindLabel: SLA_LABEL[kind],
      });
      if (isNew) {
        appendEvent(
          tenantId,
          c.id,
          { userId: null },
          "sla_breach",
          { kind, label: SLA_LABEL[kind], dueAt: state[kind].dueAt },
          now,
        );
        raised++;
      }
    }
  }
  return raised;
}

export function checkAllSlaBreaches(now = Date.now()): number {
  const tenantIds = db
    .selectDistinct({ tenantId: incidents.tenantId })
    .from(incidents)
    .where(notInArray(incidents.status, ["closed"]))
    .all();
  let n = 0;
  for (const { tenantId } of tenantIds) n += checkSlaBreaches(tenantId, now);
  return n;
}

// ---------------------------------------------------------------------------
// MTTA / MTTR
// ---------------------------------------------------------------------------

export type ResponseFigures = {
  cases: number;
  mttaMs: number | null;
  mttrMs: number | null;
  acknowledged: number;
  resolved: number;
};

/** Means over the cases that reached each point (null when none did). */
export function responseFigures(cases: readonly Timed[]): ResponseFigures {
  const counted = cases.filter((c) => !c.mergedInto);
  const ack = counted.filter((c) => c.acknowledgedAt != null).map((c) => c.acknowledgedAt! - c.openedAt);
  const res = counted.filter((c) => c.resolvedAt != null).map((c) => c.resolvedAt! - c.openedAt);
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
  return {
    cases: counted.length,
    mttaMs: mean(ack),
    mttrMs: mean(res),
    acknowledged: ack.length,
    resolved: res.length,
  };
}

export function monthKey(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/** The last `months` calendar months (UTC) ending with now's, oldest first. */
export function lastMonths(now: number, months: number): string[] {
  const d = new Date(now);
  const out: string[] = [];
  for (let i = months - 1; i >= 0; i--) {
    out.push(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - i, 1)).toISOString().slice(0, 7));
  }
  return out;
}

export function responseMetrics(tenantId: string, options: { now?: number; months?: number } = {}) {
  const now = options.now ?? Date.now();
  const cases = db
    .select({
      severity: incidents.severity,
      status: incidents.status,
      openedAt: incidents.openedAt,
      acknowledgedAt: incidents.acknowledgedAt,
      containedAt: incidents.containedAt,
      resolvedAt: incidents.resolvedAt,
      mergedInto: incidents.mergedInto,
    })
    .from(incidents)
    .where(eq(incidents.tenantId, tenantId))
    .all();
  const months = lastMonths(now, options.months ?? 12);
  return {
    overall: responseFigures(cases),
    byMonth: months.map((month) => ({
      month,
      ...responseFigures(cases.filter((c) => monthKey(c.openedAt) === month)),
    })),
    bySeverity: [...SEVERITIES].reverse().map((severity) => ({
      severity,
      ...responseFigures(cases.filter((c) => c.severity === severity)),
    })),
  };
}

/** Hours, one decimal, for `/executive`'s averageResponseTime (null before any case is resolved). */
export function averageResponseHours(tenantId: string): number | null {
  const { mttrMs } = responseMetrics(tenantId, { months: 1 }).overall;
  return mttrMs == null ? null : Math.round((mttrMs / 3_600_000) * 10) / 10;
}
