/**
 * Deadline alerts and the on-time figures.
 *
 * checkPrivacyDeadlines(tenantId, now) raises one alert per open request and
 * state: "due soon" (7 days or fewer left) and "overdue" (past its due date),
 * in the tenant's time zone. The dedupe key names the request, the state and
 * the due date, so running it on every page load and from a periodic job
 * alerts once; an extension (a new due date) or a request going overdue is a
 * new state and alerts again. Alerts of requests that moved on (closed,
 * extended, overdue after due-soon) are resolved.
 */
import { privacyRequests } from "./schema";
import { db } from "~/lib/db.server";
import { openAlertsByDedupePrefix, raiseAlert, transitionAlert } from "~/modules/alerts";
import { getTenantTimeZone } from "~/modules/tenants";
import { daysUntil, deadlineState, lastMonths, monthLabel, monthOf, todayIn } from "./deadlines";
import { listOpenRequestRows, listRequestDates } from "./requests.server";
import { reference, TYPE_LABEL } from "./types";

export const ALERT_SOURCE = "privacy";
const keyPrefix = (requestId: string) => `privacy:${requestId}:`;

export type DeadlineCheck = { dueSoon: number; overdue: number; raised: number; resolved: number };

export function checkPrivacyDeadlines(tenantId: string, now = Date.now()): DeadlineCheck {
  const today = todayIn(getTenantTimeZone(tenantId), now);
  const open = listOpenRequestRows(tenantId);
  const wanted = new Map<string, { severity: "medium" | "high"; title: string; detail: string }>();
  let dueSoon = 0;
  let overdue = 0;
  for (const r of open) {
    const state = deadlineState(r.dueDate, today);
    if (state === "on-track") continue;
    const left = daysUntil(r.dueDate, today);
    const ref = reference(r.number);
    if (state === "overdue") {
      overdue++;
      wanted.set(`${keyPrefix(r.id)}overdue:${r.dueDate}`, {
        severity: "high",
        title: `Privacy request ${ref} is overdue`,
        detail: `${TYPE_LABEL[r.type]} request due ${r.dueDate}, ${-left} day${left === -1 ? "" : "s"} ago.`,
      });
    } else {
      dueSoon++;
      wanted.set(`${keyPrefix(r.id)}due-soon:${r.dueDate}`, {
        severity: "medium",
        title: `Privacy request ${ref} is due ${left === 0 ? "today" : `in ${left} day${left === 1 ? "" : "s"}`}`,
        detail: `${TYPE_LABEL[r.type]} request due ${r.dueDate}.`,
      });
    }
  }
  let raised = 0;
  for (const [dedupeKey, a] of wanted) {
    if (raiseAlert({ tenantId, source: ALERT_SOURCE, dedupeKey, ...a })) raised++;
  }
  // Alerts whose state no longer holds (closed, extended, or gone overdue) are resolved.
  let resolved = 0;
  for (const a of openAlertsByDedupePrefix(tenantId, ALERT_SOURCE, "privacy:")) {
    if (!a.dedupeKey || wanted.has(a.dedupeKey)) continue;
    if (transitionAlert(tenantId, a.id, "resolve", null)) resolved++;
  }
  return { dueSoon, overdue, raised, resolved };
}

/** Every tenant with open requests, for a periodic job. */
export function checkAllPrivacyDeadlines(now = Date.now()): DeadlineCheck {
  const tenantIds = db
    .selectDistinct({ id: privacyRequests.tenantId })
    .from(privacyRequests)
    .all()
    .map((r) => r.id);
  const total: DeadlineCheck = { dueSoon: 0, overdue: 0, raised: 0, resolved: 0 };
  for (const id of tenantIds) {
    const r = checkPrivacyDeadlines(id, now);
    total.dueSoon += r.dueSoon;
    total.overdue += r.overdue;
    total.raised += r.raised;
    total.resolved += r.resolved;
  }
  return total;
}

export type MonthStat = {
  month: string;
  label: string;
  received: number;
  /** Completed or rejected, by the month of their due date. */
  decided: number;
  onTime: number;
  /** onTime / decided in percent, null when nothing was due and decided that month. */
  onTimeShare: number | null;
};

/**
 * Requests received per month (last 12 months) and the share answered on
 * time. A request counts for "on time" in the month of its due date, once its
 * outcome is known: closed by its due date (on time), closed after it, or
 * still open past it (late).
 */
export function privacyStats(tenantId: string, now = Date.now()) {
  const today = todayIn(getTenantTimeZone(tenantId), now);
  const months = lastMonths(today, 12);
  const rows = listRequestDates(tenantId);
  const stats: MonthStat[] = months.map((m) => ({
    month: m,
    label: monthLabel(m),
    received: 0,
    decided: 0,
    onTime: 0,
    onTimeShare: null,
  }));
  const byMonth = new Map(stats.map((s) => [s.month, s]));
  let decided = 0;
  let onTime = 0;
  for (const r of rows) {
    const recv = byMonth.get(monthOf(r.requestedAt));
    if (recv) recv.received++;
    const closed = r.closedOn !== null;
    const known = closed || r.dueDate < today;
    if (!known) continue;
    const good = closed && r.closedOn! <= r.dueDate;
    decided++;
    if (good) onTime++;
    const due = byMonth.get(monthOf(r.dueDate));
    if (due) {
      due.decided++;
      if (good) due.onTime++;
    }
  }
  for (const s of stats) s.onTimeShare = s.decided ? Math.round((s.onTime / s.decided) * 100) : null;
  return {
    today,
    months: stats,
    total: rows.length,
    decided,
    onTime,
    onTimeShare: decided ? Math.round((onTime / decided) * 100) : null,
  };
}
