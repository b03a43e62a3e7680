/**
 * Data subject requests: logging one (its due date from the jurisdiction
 * table, a checklist task per data map system in scope), moving it through
 * pending -> verifying -> in-progress -> completed | rejected, extending its
 * deadline within the law's limit, assigning it, and the append-only history
 * of every change (privacy_events; the migration refuses updates to it).
 *
 * Every function takes the tenant id; a request of another tenant is simply
 * not found. Writes run in one immediate transaction each, so the per-tenant
 * reference number and the checklist gate hold under concurrent requests.
 */
import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, inArray, max, sql } from "drizzle-orm";
import {
  privacyEvents,
  privacyExtensions,
  privacyRequests,
  privacySettings,
  privacySystems,
  privacyTasks,
} from "./schema";
import { db } from "~/lib/db.server";
import { userEmail, userEmails } from "~/modules/accounts";
import { getTenantTimeZone, memberRole } from "~/modules/tenants";
import {
  daysUntil,
  dueDateFor,
  extensionProblem,
  extensionsLeft,
  todayIn,
  type CustomPolicy,
  type JurisdictionId,
  DEFAULT_CUSTOM_POLICY,
} from "./deadlines";
import {
  canTransition,
  CHANNEL_LABEL,
  isClosed,
  METHOD_LABEL,
  reference,
  STATUS_LABEL,
  TRANSITIONS,
  type Channel,
  type HistoryEntry,
  type PrivacyRequestView,
  type RequestStatus,
  type RequestType,
  type VerificationMethod,
} from "./types";
import type { PatchRequestInput } from "./validation";

/** A refused change: shown next to its field on pages, 400 VALIDATION_ERROR from the API. */
export class PrivacyError extends Error {
  constructor(
    message: string,
    readonly field: string = "form",
  ) {
    super(message);
    this.name = "PrivacyError";
  }
}

/** Who made a change: a user, or the subject through the public form. */
export type Actor = { userId: string | null; label: string };

type RequestRow = typeof privacyRequests.$inferSelect;

// ---------------------------------------------------------------------------
// Settings (custom policy, public form)
// ---------------------------------------------------------------------------

export type PrivacySettings = {
  intakeEnabled: boolean;
  intakeJurisdiction: JurisdictionId;
  customDays: number;
  customExtensionDays: number;
};

export function getPrivacySettings(tenantId: string): PrivacySettings {
  const row = db.select().from(privacySettings).where(eq(privacySettings.tenantId, tenantId)).get();
  return {
    intakeEnabled: row?.intakeEnabled ?? false,
    intakeJurisdiction: (row?.intakeJurisdiction as JurisdictionId | undefined) ?? "gdpr",
    customDays: row?.customDays ?? DEFAULT_CUSTOM_POLICY.days,
    customExtensionDays: row?.customExtensionDays ?? DEFAULT_CUSTOM_POLICY.extensionDays,
  };
}

export function savePrivacySettings(tenantId: string, s: PrivacySettings) {
  const values = { ...s, updatedAt: Date.now() };
  db.insert(privacySettings)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: privacySettings.tenantId, set: values })
    .run();
}

const customOf = (row: Pick<RequestRow, "customDays" | "customExtensionDays">): CustomPolicy => ({
  days: row.customDays ?? DEFAULT_CUSTOM_POLICY.days,
  extensionDays: row.customExtensionDays ?? DEFAULT_CUSTOM_POLICY.extensionDays,
});

// ---------------------------------------------------------------------------
// History
// ---------------------------------------------------------------------------

function record(tenantId: string, requestId: string, actor: Actor, action: string, detail: Record<string, unknown>) {
  db.insert(privacyEvents)
    .values({ tenantId, requestId, userId: actor.userId, action, detail: { ...detail, by: actor.label } })
    .run();
}

export function listHistory(tenantId: string, requestId: string): HistoryEntry[] {
  return db
    .select()
    .from(privacyEvents)
    .where(and(eq(privacyEvents.tenantId, tenantId), eq(privacyEvents.requestId, requestId)))
    .orderBy(asc(privacyEvents.id))
    .all()
    .map((e) => ({
      id: e.id,
      action: e.action,
      detail: e.detail,
      by: typeof e.detail.by === "string" ? e.detail.by : "Unknown",
      at: new Date(e.createdAt).toISOString(),
    }));
}

/** One line a person reads for a history entry. */
export function describeEvent(e: Pick<HistoryEntry, "action" | "detail">): string {
  const d = e.detail as Record<string, string | null | undefined>;
  switch (e.action) {
    case "created":
      return `Request logged (received ${d.requestedAt}, due ${d.dueDate}, by ${(CHANNEL_LABEL[d.channel as Channel] ?? d.channel ?? "").toLowerCase()}).`;
    case "status": {
      const to = STATUS_LABEL[d.to as RequestStatus] ?? d.to;
      const from = STATUS_LABEL[d.from as RequestStatus] ?? d.from;
      let line = `Status ${from} → ${to}.`;
      if (d.method) line += ` Identity: ${METHOD_LABEL[d.method as VerificationMethod] ?? d.method}.`;
      if (d.reason) line += ` Reason: ${d.reason}`;
      return line;
    }
    case "extended":
      return `Deadline extended from ${d.previousDueDate} to ${d.newDueDate}; subject told on ${d.notifiedAt}. Reason: ${d.reason}`;
    case "assigned":
      return d.to ? `Assigned to ${d.toEmail ?? d.to}.` : "Unassigned.";
    case "notes":
      return "Notes updated.";
    case "task":
      return `Checklist: ${d.system} marked ${d.to === "done" ? "done" : "open"}.`;
    default:
      return e.action;
  }
}

// ---------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------

function buildViews(tenantId: string, rows: RequestRow[], today: string): PrivacyRequestView[] {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const tasks = db
    .select()
    .from(privacyTasks)
    .where(and(eq(privacyTasks.tenantId, tenantId), inArray(privacyTasks.requestId, ids)))
    .orderBy(asc(privacyTasks.systemName), asc(privacyTasks.id))
    .all();
  const exts = db
    .select()
    .from(privacyExtensions)
    .where(and(eq(privacyExtensions.tenantId, tenantId), inArray(privacyExtensions.requestId, ids)))
    .orderBy(asc(privacyExtensions.createdAt))
    .all();
  const emails = userEmails(rows.map((r) => r.assigneeId));
  return rows.map((r) => {
    const closed = isClosed(r.status);
    const myExts = exts.filter((e) => e.requestId === r.id);
    return {
      id: r.id,
      reference: reference(r.number),
      type: r.type,
      status: r.status,
      jurisdiction: r.jurisdiction,
      channel: r.channel,
      requestedAt: r.requestedAt,
      dueDate: r.dueDate,
      originalDueDate: r.originalDueDate,
      completedAt: r.completedAt ? new Date(r.completedAt).toISOString() : null,
      subjectName: r.subjectName,
      subjectEmail: r.subjectEmail,
      notes: r.notes,
      assignee: r.assigneeId ? { id: r.assigneeId, email: emails.get(r.assigneeId) ?? "" } : null,
      verification:
        r.verificationMethod && r.verifiedAt
          ? { method: r.verificationMethod as VerificationMethod, verifiedAt: new Date(r.verifiedAt).toISOString() }
          : null,
      rejectionReason: r.rejectionReason,
      extensions: myExts.map((e) => ({
        reason: e.reason,
        notifiedAt: e.notifiedAt,
        previousDueDate: e.previousDueDate,
        newDueDate: e.newDueDate,
        createdAt: new Date(e.createdAt).toISOString(),
      })),
      extensionsLeft: closed ? 0 : extensionsLeft(r.jurisdiction, myExts.length, customOf(r)),
      tasks: tasks
        .filter((t) => t.requestId === r.id)
        .map((t) => ({
          id: t.id,
          system: t.systemName,
          systemId: t.systemId,
          status: t.status,
          doneAt: t.doneAt ? new Date(t.doneAt).toISOString() : null,
        })),
      daysRemaining: closed ? null : daysUntil(r.dueDate, today),
      answeredOnTime: closed && r.closedOn ? r.closedOn <= r.dueDate : null,
      createdAt: new Date(r.createdAt).toISOString(),
    };
  });
}

export type RequestFilter = { status?: RequestStatus; jurisdiction?: JurisdictionId; limit?: number };

export function listRequests(tenantId: string, filter: RequestFilter = {}, now = Date.now()): PrivacyRequestView[] {
  const conds = [eq(privacyRequests.tenantId, tenantId)];
  if (filter.status) conds.push(eq(privacyRequests.status, filter.status));
  if (filter.jurisdiction) conds.push(eq(privacyRequests.jurisdiction, filter.jurisdiction));
  const rows = db
    .select()
    .from(privacyRequests)
    .where(and(...conds))
    .orderBy(desc(privacyRequests.number))
    .limit(Math.min(filter.limit ?? 500, 1000))
    .all();
  return buildViews(tenantId, rows, todayIn(getTenantTimeZone(tenantId), now));
}

function getRow(tenantId: string, id: string): RequestRow | undefined {
  return db
    .select()
    .from(privacyRequests)
    .where(and(eq(privacyRequests.tenantId, tenantId), eq(privacyRequests.id, id)))
    .get();
}

/** How many requests the tenant has logged (the dashboard's first steps). */
export function privacyRequestCount(tenantId: string): number {
  return db.select({ n: count() }).from(privacyRequests).where(eq(privacyRequests.tenantId, tenantId)).get()?.n ?? 0;
}

export function getRequest(tenantId: string, id: string, now = Date.now()): PrivacyRequestView | null {
  const row = getRow(tenantId, id);
  return row ? buildViews(tenantId, [row], todayIn(getTenantTimeZone(tenantId), now))[0] : null;
}

// ---------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------

function isMember(tenantId: string, userId: string): boolean {
  return memberRole(tenantId, userId) !== null;
}

function emailOf(userId: string): string | null {
  return userEmail(userId);
}

export type NewRequest = {
  type: RequestType;
  jurisdiction: JurisdictionId;
  requestedAt?: string;
  subjectName: string;
  subjectEmail: string;
  channel: Channel;
  notes?: string;
  assigneeId?: string | null;
};

/**
 * Logs a request. `requestedAt` is the day it was received (a letter logged
 * late keeps its own date), today in the tenant's zone by default, never in
 * the future. Throws PrivacyError for an assignee who is not a member.
 */
export function createRequest(tenantId: string, input: NewRequest, actor: Actor, now = Date.now()): PrivacyRequestView {
  const today = todayIn(getTenantTimeZone(tenantId), now);
  const requestedAt = input.requestedAt ?? today;
  if (requestedAt > today)
    throw new PrivacyError(`requestedAt cannot be after today (${today} in your time zone)`, "requestedAt");
  if (input.assigneeId && !isMember(tenantId, input.assigneeId))
    throw new PrivacyError("The assignee must be a member of this organization", "assigneeId");
  const settings = getPrivacySettings(tenantId);
  const custom: CustomPolicy = { days: settings.customDays, extensionDays: settings.customExtensionDays };
  const due = dueDateFor(input.jurisdiction, requestedAt, 0, custom);
  const id = randomUUID();
  db.transaction(
    () => {
      const last =
        db
          .select({ n: max(privacyRequests.number) })
          .from(privacyRequests)
          .where(eq(privacyRequests.tenantId, tenantId))
          .get()?.n ?? 0;
      db.insert(privacyRequests)
        .values({
          id,
          tenantId,
          number: last + 1,
          type: input.type,
          jurisdiction: input.jurisdiction,
          channel: input.channel,
          subjectName: input.subjectName,
          subjectEmail: input.subjectEmail,
          notes: input.notes ?? "",
          assigneeId: input.assigneeId ?? null,
          requestedAt,
          originalDueDate: due,
          dueDate: due,
          customDays: input.jurisdiction === "custom" ? custom.days : null,
          customExtensionDays: input.jurisdiction === "custom" ? custom.extensionDays : null,
          createdAt: now,
        })
        .run();
      const systems = db
        .select({ id: privacySystems.id, name: privacySystems.name, types: privacySystems.requestTypes })
        .from(privacySystems)
        .where(eq(privacySystems.tenantId, tenantId))
        .orderBy(asc(privacySystems.name))
        .all()
        .filter((s) => s.types.includes(input.type));
      for (const s of systems) {
        db.insert(privacyTasks)
          .values({ id: randomUUID(), tenantId, requestId: id, systemId: s.id, systemName: s.name, createdAt: now })
          .run();
      }
      record(tenantId, id, actor, "created", {
        type: input.type,
        jurisdiction: input.jurisdiction,
        channel: input.channel,
        requestedAt,
        dueDate: due,
        tasks: systems.length,
      });
    },
    { behavior: "immediate" },
  );
  return getRequest(tenantId, id, now)!;
}

/**
 * Applies a change set in one transaction: assignee, notes, checklist tasks,
 * an extension, then the status (so one call can tick the last task and
 * complete). Any refused part refuses the whole change. Returns null when the
 * request is not this tenant's.
 */
export function updateRequest(
  tenantId: string,
  id: string,
  patch: PatchRequestInput,
  actor: Actor,
  now = Date.now(),
): PrivacyRequestView | null {
  const tz = getTenantTimeZone(tenantId);
  const today = todayIn(tz, now);
  const found = db.transaction(
    () => {
      const row = getRow(tenantId, id);
      if (!row) return false;
      const closed = isClosed(row.status);
      const where = and(eq(privacyRequests.tenantId, tenantId), eq(privacyRequests.id, id));

      if (patch.assigneeId !== undefined && patch.assigneeId !== row.assigneeId) {
        if (patch.assigneeId && !isMember(tenantId, patch.assigneeId))
          throw new PrivacyError("The assignee must be a member of this organization", "assigneeId");
        db.update(privacyRequests).set({ assigneeId: patch.assigneeId }).where(where).run();
        record(tenantId, id, actor, "assigned", {
          from: row.assigneeId,
          to: patch.assigneeId,
          toEmail: patch.assigneeId ? emailOf(patch.assigneeId) : null,
        });
      }

      if (patch.notes !== undefined && patch.notes !== row.notes) {
        db.update(privacyRequests).set({ notes: patch.notes }).where(where).run();
        record(tenantId, id, actor, "notes", { length: patch.notes.length });
      }

      if (patch.tasks?.length) {
        if (closed) throw new PrivacyError(`The request is ${row.status}; its checklist is closed`, "tasks");
        for (const t of patch.tasks) {
          const task = db
            .select()
            .from(privacyTasks)
            .where(and(eq(privacyTasks.tenantId, tenantId), eq(privacyTasks.requestId, id), eq(privacyTasks.id, t.id)))
            .get();
          if (!task) throw new PrivacyError("No such checklist task on this request", "tasks");
          if (task.status === t.status) continue;
          db.update(privacyTasks)
            .set({
              status: t.status,
              doneBy: t.status === "done" ? actor.userId : null,
              doneAt: t.status === "done" ? now : null,
            })
            .where(eq(privacyTasks.id, task.id))
            .run();
          record(tenantId, id, actor, "task", { taskId: task.id, system: task.systemName, to: t.status });
        }
      }

      let dueDate = row.dueDate;
      if (patch.extension) {
        if (closed) throw new PrivacyError(`The request is ${row.status}; it cannot be extended`, "extension");
        const used = db
          .select({ n: sql<number>`count(*)` })
          .from(privacyExtensions)
          .where(and(eq(privacyExtensions.tenantId, tenantId), eq(privacyExtensions.requestId, id)))
          .get()!.n;
        const custom = customOf(row);
        const problem = extensionProblem({
          jurisdiction: row.jurisdiction,
          used,
          requestedAt: row.requestedAt,
          currentDueDate: row.dueDate,
          notifiedAt: patch.extension.notifiedAt,
          today,
          custom,
        });
        if (problem) throw new PrivacyError(problem, "extension");
        const newDue = dueDateFor(row.jurisdiction, row.requestedAt, used + 1, custom);
        db.insert(privacyExtensions)
          .values({
            id: randomUUID(),
            tenantId,
            requestId: id,
            reason: patch.extension.reason,
            notifiedAt: patch.extension.notifiedAt,
            previousDueDate: row.dueDate,
            newDueDate: newDue,
            createdBy: actor.userId,
            createdAt: now,
          })
          .run();
        db.update(privacyRequests).set({ dueDate: newDue }).where(where).run();
        record(tenantId, id, actor, "extended", {
          previousDueDate: row.dueDate,
          newDueDate: newDue,
          notifiedAt: patch.extension.notifiedAt,
          reason: patch.extension.reason,
        });
        dueDate = newDue;
      }

      if (patch.status !== undefined && patch.status !== row.status) {
        const to = patch.status;
        if (!canTransition(row.status, to)) {
          throw new PrivacyError(
            isClosed(row.status)
              ? `The request is already ${row.status}; it cannot move to ${to}`
              : `A request cannot go from ${row.status} to ${to} (only to ${TRANSITIONS[row.status].join(" or ")})`,
            "status",
          );
        }
        const set: Partial<typeof privacyRequests.$inferInsert> = { status: to };
        const detail: Record<string, unknown> = { from: row.status, to };
        if (to === "in-progress") {
          // Leaving verification records how identity was checked; the deadline never paused meanwhile.
          if (!patch.method) throw new PrivacyError("Record how the subject's identity was verified", "method");
          set.verificationMethod = patch.method;
          set.verifiedAt = now;
          detail.method = patch.method;
        }
        if (to === "rejected") {
          if (!patch.reason) throw new PrivacyError("Give the reason for rejecting the request", "reason");
          set.rejectionReason = patch.reason;
          detail.reason = patch.reason;
        }
        if (to === "completed") {
          const open = db
            .select({ name: privacyTasks.systemName })
            .from(privacyTasks)
            .where(
              and(eq(privacyTasks.tenantId, tenantId), eq(privacyTasks.requestId, id), eq(privacyTasks.status, "open")),
            )
            .all();
          if (open.length > 0)
            throw new PrivacyError(
              `Finish the checklist first: ${open.length} task${open.length === 1 ? "" : "s"} open (${open
                .map((o) => o.name)
                .slice(0, 5)
                .join(", ")})`,
              "status",
            );
          if (patch.reason) detail.reason = patch.reason;
        }
        if (to === "completed" || to === "rejected") {
          set.completedAt = now;
          set.closedOn = today;
          detail.onTime = today <= dueDate;
        }
        db.update(privacyRequests).set(set).where(where).run();
        record(tenantId, id, actor, "status", detail);
      } else if (patch.method !== undefined && patch.status === undefined) {
        throw new PrivacyError("A verification method goes with the move to in-progress", "method");
      }
      return true;
    },
    { behavior: "immediate" },
  );
  return found ? getRequest(tenantId, id, now) : null;
}

/** Open requests (not completed or rejected) for the deadline check. */
export function listOpenRequestRows(tenantId: string) {
  return db
    .select({
      id: privacyRequests.id,
      number: privacyRequests.number,
      type: privacyRequests.type,
      dueDate: privacyRequests.dueDate,
      status: privacyRequests.status,
    })
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.tenantId, tenantId),
        inArray(privacyRequests.status, ["pending", "verifying", "in-progress"]),
      ),
    )
    .all();
}

/** For the monthly chart: every request's received day, due day and closing day. */
export function listRequestDates(tenantId: string) {
  return db
    .select({
      requestedAt: privacyRequests.requestedAt,
      dueDate: privacyRequests.dueDate,
      closedOn: privacyRequests.closedOn,
      status: privacyRequests.status,
    })
    .from(privacyRequests)
    .where(eq(privacyRequests.tenantId, tenantId))
    .all();
}
