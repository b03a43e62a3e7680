/**
 * Privacy Guard's posture contribution (issue 31) and usage figures, from its own table: a request is a finding
 * once it is late.
 */
import { eq } from "drizzle-orm";
import { privacyRequests } from "./schema";
import { db } from "~/lib/db.server";
import { countSince } from "~/lib/count-since.server";
import { plural } from "~/lib/plural";
import type { Contribution } from "~/modules/posture";

export function privacyContribution(tenantId: string, now = Date.now()): Contribution {
  const rows = db
    .select({
      id: privacyRequests.id,
      number: privacyRequests.number,
      status: privacyRequests.status,
      dueDate: privacyRequests.dueDate,
      closedOn: privacyRequests.closedOn,
      completedAt: privacyRequests.completedAt,
      createdAt: privacyRequests.createdAt,
    })
    .from(privacyRequests)
    .where(eq(privacyRequests.tenantId, tenantId))
    .all();
  const today = new Date(now).toISOString().slice(0, 10);
  const closed = (s: string) => s === "completed" || s === "rejected";
  // A request is a finding once it is late: open past its due date, or closed after it.
  const late = rows.filter((r) => (closed(r.status) ? (r.closedOn ?? "") > r.dueDate : r.dueDate < today));
  return {
    coverage: {
      module: "privacy",
      label: "Privacy Guard",
      href: "/privacy",
      assessed: rows.length > 0,
      since: rows.length ? Math.min(...rows.map((r) => r.createdAt)) : null,
      statement: rows.length
        ? `${plural(rows.length, "privacy request")} tracked against ${rows.length === 1 ? "its deadline" : "their deadlines"}.`
        : "Not assessed: no privacy request has been logged yet.",
    },
    findings: late.map((r) => ({
      key: `privacy:${r.id}`,
      module: "privacy" as const,
      action: "answer-on-time",
      title: `DSR-${r.number} ${closed(r.status) ? "was answered late" : "is past its due date"}`,
      severity: "high" as const,
      state: closed(r.status) ? ("resolved" as const) : ("open" as const),
      foundAt: Date.parse(`${r.dueDate}T23:59:59Z`),
      closedAt: closed(r.status) ? (r.completedAt ?? Date.parse(`${r.closedOn}T12:00:00Z`)) : null,
    })),
    actions: [
      {
        id: "answer-on-time",
        module: "privacy",
        title: "Answer privacy requests on time",
        points: 10,
        href: "/privacy",
        how: "Complete or reject each overdue request, or extend its deadline where the law allows.",
      },
    ],
  };
}

/** Privacy requests received and completed since `since` (null: ever). */
export function privacyUsageSince(tenantId: string, since: number | null) {
  return {
    received: countSince(privacyRequests, tenantId, privacyRequests.createdAt, since),
    completed: countSince(privacyRequests, tenantId, privacyRequests.completedAt, since),
  };
}
