/**
 * Incident cases of a tenant: opening (by hand, from alerts, from a playbook), the status life cycle of types.ts,
 * assignee/tags/TLP, tasks from playbook templates, observables linked across cases, comments, merging, and the
 * append-only timeline every change writes to. Every function takes the tenant id; the clock is a parameter so
 * the tests run on fixed time.
 */
import { randomUUID } from "node:crypto";
import { isIP } from "node:net";
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import {
  incidentAlerts,
  incidentEvents,
  incidentEvidence,
  incidentObservables,
  incidents,
  incidentTasks,
  incidentTemplates,
} from "./schema";
import { db } from "~/lib/db.server";
import { userEmail, userEmails } from "~/modules/accounts";
import { listMembers } from "~/modules/tenants";
import { acknowledgeAlerts, findAlerts, resolveAlerts } from "./alerts-link.server";
import { DEFAULT_TEMPLATES } from "./templates";
import {
  caseReference,
  OBSERVABLE_LABEL,
  RESOLUTION_LABEL,
  STATUS_LABEL,
  TRANSITIONS,
  type IncidentStatus,
  type ObservableType,
  type Resolution,
  type Severity,
  type Template,
  type TemplateTask,
  type Tlp,
} from "./types";

export type Actor = { userId: string | null };

/** A refusal a person can act on; `field` names the form field it belongs to. */
export class IncidentError extends Error {
  constructor(
    message: string,
    readonly field = "form",
    readonly status = 400,
  ) {
    super(message);
  }
}

type CaseRow = typeof incidents.$inferSelect;

// ---------------------------------------------------------------------------
// Timeline (append-only: there is no update or delete function, and a trigger refuses UPDATE)
// ---------------------------------------------------------------------------

export function appendEvent(
  tenantId: string,
  incidentId: string,
  actor: Actor,
  kind: string,
  detail: Record<string, unknown>,
  now: number,
  corrects: number | null = null,
) {
  return db
    .insert(incidentEvents)
    .values({ tenantId, incidentId, userId: actor.userId, kind, detail, corrects, at: now })
    .returning({ id: incidentEvents.id })
    .get().id;
}

export function listTimeline(tenantId: string, incidentId: string) {
  const rows = db
    .select({
      id: incidentEvents.id,
      kind: incidentEvents.kind,
      detail: incidentEvents.detail,
      corrects: incidentEvents.corrects,
      at: incidentEvents.at,
      userId: incidentEvents.userId,
    })
    .from(incidentEvents)
    .where(and(eq(incidentEvents.tenantId, tenantId), eq(incidentEvents.incidentId, incidentId)))
    .orderBy(asc(incidentEvents.id))
    .all();
  const emails = userEmails(rows.map((e) => e.userId));
  return rows.map((e) => ({
    ...e,
    by: (e.userId && emails.get(e.userId)) ?? "System",
    text: describeEvent(e.kind, e.detail),
  }));
}

const s = (v: unknown) => (typeof v === "string" ? v : String(v ?? ""));

/** One line per timeline entry, in the product's words. */
export function describeEvent(kind: string, d: Record<string, unknown>): string {
  switch (kind) {
    case "created":
      return `Case opened (${s(d.source)})${d.template ? ` with the ${s(d.template)} playbook` : ""}`;
    case "status":
      return `Status ${STATUS_LABEL[d.from as IncidentStatus] ?? s(d.from)} → ${STATUS_LABEL[d.to as IncidentStatus] ?? s(d.to)}${
        d.resolution ? ` (${RESOLUTION_LABEL[d.resolution as Resolution] ?? s(d.resolution)})` : ""
      }`;
    case "assignee":
      return d.to ? `Assigned to ${s(d.toEmail || d.to)}` : "Unassigned";
    case "field":
      return `${s(d.field)} changed from "${s(d.from)}" to "${s(d.to)}"`;
    case "task_added":
      return `Task added: ${s(d.title)}`;
    case "task_done":
      return `Task done: ${s(d.title)}`;
    case "task_reopened":
      return `Task reopened: ${s(d.title)}`;
    case "observable":
      return `Observable added: ${OBSERVABLE_LABEL[d.type as ObservableType] ?? s(d.type)} ${s(d.value)}${d.ioc ? " (IOC)" : ""}`;
    case "evidence":
      return `Evidence added: ${s(d.fileName)} (SHA-256 ${s(d.sha256)})`;
    case "evidence_downloaded":
      return `Evidence downloaded: ${s(d.fileName)}`;
    case "comment":
      return s(d.text);
    case "correction":
      return `Correction: ${s(d.text)}`;
    case "alert_linked":
      return `Alert linked: ${s(d.title)}`;
    case "merged_from":
      return `Case ${s(d.reference)} merged into this case`;
    case "merged_into":
      return `Merged into case ${s(d.reference)}`;
    case "sla_breach":
      return `Missed the ${s(d.label).toLowerCase()} target`;
    default:
      return kind;
  }
}

// ---------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------

/** The tenant's templates; the five NIST-based defaults are written the first time they are asked for. */
export function listTemplates(tenantId: string, now = Date.now()): Template[] {
  const rows = db.select().from(incidentTemplates).where(eq(incidentTemplates.tenantId, tenantId)).all();
  const have = new Set(rows.map((r) => r.key));
  const missing = DEFAULT_TEMPLATES.filter((t) => !have.has(t.key));
  if (missing.length && rows.length === 0) {
    db.insert(incidentTemplates)
      .values(
        missing.map((t) => ({ id: randomUUID(), tenantId, key: t.key, name: t.name, tasks: t.tasks, updatedAt: now })),
      )
      .onConflictDoNothing()
      .run();
    return listTemplates(tenantId, now);
  }
  const order = (key: string) => {
    const i = DEFAULT_TEMPLATES.findIndex((t) => t.key === key);
    return i < 0 ? 99 : i;
  };
  return rows
    .map((r) => ({ key: r.key, name: r.name, tasks: r.tasks }))
    .sort((a, b) => order(a.key) - order(b.key) || a.name.localeCompare(b.name));
}

export function getTemplate(tenantId: string, key: string): Template | null {
  return listTemplates(tenantId).find((t) => t.key === key) ?? null;
}

export function saveTemplate(tenantId: string, template: Template, now = Date.now()) {
  listTemplates(tenantId, now);
  db.insert(incidentTemplates)
    .values({
      id: randomUUID(),
      tenantId,
      key: template.key,
      name: template.name,
      tasks: template.tasks,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [incidentTemplates.tenantId, incidentTemplates.key],
      set: { name: template.name, tasks: template.tasks, updatedAt: now },
    })
    .run();
}

/** Back to the shipped version (only for the five defaults). */
export function resetTemplate(tenantId: string, key: string, now = Date.now()): boolean {
  const shipped = DEFAULT_TEMPLATES.find((t) => t.key === key);
  if (!shipped) return false;
  saveTemplate(tenantId, shipped, now);
  return true;
}

// ---------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------

export type NewCase = {
  title: string;
  description?: string;
  severity: Severity;
  tags?: string[];
  tlp?: Tlp;
  assigneeId?: string | null;
  template?: string | null;
  source?: "manual" | "alerts" | "playbook" | "api";
  alertIds?: string[];
};

function assertMember(tenantId: string, userId: string, field = "assigneeId") {
  if (!listMembers(tenantId).some((m) => m.userId === userId))
    throw new IncidentError("The assignee must be a member of this organization", field);
}

function nextNumber(tenantId: string): number {
  const row = db
    .select({ n: sql<number | null>`max(${incidents.number})` })
    .from(incidents)
    .where(eq(incidents.tenantId, tenantId))
    .get();
  return (row?.n ?? 0) + 1;
}

function insertTasks(
  tenantId: string,
  incidentId: string,
  tasks: readonly TemplateTask[],
  openedAt: number,
  start = 0,
) {
  if (!tasks.length) return;
  db.insert(incidentTasks)
    .values(
      tasks.map((t, i) => ({
        id: randomUUID(),
        tenantId,
        incidentId,
        position: start + i,
        title: t.title,
        phase: t.phase,
        dueAt: openedAt + t.dueHours * 3_600_000,
      })),
    )
    .run();
}

export function createCase(tenantId: string, input: NewCase, actor: Actor, now = Date.now()) {
  const template = input.template ? getTemplate(tenantId, input.template) : null;
  if (input.template && !template) throw new IncidentError("Unknown playbook template", "template");
  if (input.assigneeId) assertMember(tenantId, input.assigneeId);
  const alertIds = [...new Set(input.alertIds ?? [])];
  const linked = findAlerts(tenantId, alertIds);
  if (linked.length !== alertIds.length) throw new IncidentError("One or more alerts were not found", "alertIds");
  const id = randomUUID();
  db.transaction(() => {
    const number = nextNumber(tenantId);
    db.insert(incidents)
      .values({
        id,
        tenantId,
        number,
        title: input.title,
        description: input.description ?? "",
        severity: input.severity,
        tags: normaliseTags(input.tags ?? []),
        tlp: input.tlp ?? "amber",
        assigneeId: input.assigneeId ?? null,
        template: template?.key ?? null,
        source: input.source ?? (linked.length ? "alerts" : "manual"),
        openedAt: now,
        createdBy: actor.userId,
        updatedAt: now,
      })
      .run();
    appendEvent(
      tenantId,
      id,
      actor,
      "created",
      {
        source: input.source ?? (linked.length ? "alerts" : "manual"),
        template: template?.name ?? null,
        title: input.title,
      },
      now,
    );
    if (template) insertTasks(tenantId, id, template.tasks, now);
    for (const a of linked) {
      db.insert(incidentAlerts).values({ tenantId, incidentId: id, alertId: a.id }).onConflictDoNothing().run();
      appendEvent(tenantId, id, actor, "alert_linked", { alertId: a.id, title: a.title }, now);
    }
    acknowledgeAlerts(tenantId, linked);
  });
  return getCase(tenantId, id, now)!;
}

export function normaliseTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))].slice(0, 20);
}

function row(tenantId: string, id: string): CaseRow | undefined {
  return db
    .select()
    .from(incidents)
    .where(and(eq(incidents.tenantId, tenantId), eq(incidents.id, id)))
    .get();
}

export function caseExists(tenantId: string, id: string) {
  return !!row(tenantId, id);
}

export function listCases(
  tenantId: string,
  filter: { status?: IncidentStatus; severity?: Severity; limit?: number } = {},
) {
  const where = [eq(incidents.tenantId, tenantId)];
  if (filter.status) where.push(eq(incidents.status, filter.status));
  if (filter.severity) where.push(eq(incidents.severity, filter.severity));
  const rows = db
    .select({
      id: incidents.id,
      number: incidents.number,
      title: incidents.title,
      severity: incidents.severity,
      status: incidents.status,
      resolution: incidents.resolution,
      tlp: incidents.tlp,
      tags: incidents.tags,
      assigneeId: incidents.assigneeId,
      openedAt: incidents.openedAt,
      acknowledgedAt: incidents.acknowledgedAt,
      containedAt: incidents.containedAt,
      resolvedAt: incidents.resolvedAt,
      closedAt: incidents.closedAt,
      updatedAt: incidents.updatedAt,
      mergedInto: incidents.mergedInto,
    })
    .from(incidents)
    .where(and(...where))
    .orderBy(desc(incidents.openedAt), desc(incidents.number))
    .limit(filter.limit ?? 500)
    .all();
  const emails = userEmails(rows.map((c) => c.assigneeId));
  return rows.map((c) => ({
    ...c,
    assignee: (c.assigneeId && emails.get(c.assigneeId)) ?? null,
    reference: caseReference(c.number),
  }));
}

export function getCase(tenantId: string, id: string, _now = Date.now()) {
  const c = row(tenantId, id);
  if (!c) return null;
  const assignee = userEmail(c.assigneeId);
  const taskRows = db
    .select({
      id: incidentTasks.id,
      title: incidentTasks.title,
      phase: incidentTasks.phase,
      dueAt: incidentTasks.dueAt,
      status: incidentTasks.status,
      doneAt: incidentTasks.doneAt,
      doneById: incidentTasks.doneBy,
      position: incidentTasks.position,
    })
    .from(incidentTasks)
    .where(and(eq(incidentTasks.tenantId, tenantId), eq(incidentTasks.incidentId, id)))
    .orderBy(asc(incidentTasks.position))
    .all();
  const evidenceRows = db
    .select({
      id: incidentEvidence.id,
      fileName: incidentEvidence.fileName,
      contentType: incidentEvidence.contentType,
      sizeBytes: incidentEvidence.sizeBytes,
      sha256: incidentEvidence.sha256,
      note: incidentEvidence.note,
      createdAt: incidentEvidence.createdAt,
      uploadedById: incidentEvidence.uploadedBy,
    })
    .from(incidentEvidence)
    .where(and(eq(incidentEvidence.tenantId, tenantId), eq(incidentEvidence.incidentId, id)))
    .orderBy(asc(incidentEvidence.createdAt))
    .all();
  const people = userEmails([...taskRows.map((t) => t.doneById), ...evidenceRows.map((e) => e.uploadedById)]);
  const tasks = taskRows.map(({ doneById, ...t }) => ({ ...t, doneBy: (doneById && people.get(doneById)) ?? null }));
  const evidence = evidenceRows.map(({ uploadedById, ...e }) => ({
    ...e,
    uploadedBy: (uploadedById && people.get(uploadedById)) ?? null,
  }));
  const alertIds = db
    .select({ alertId: incidentAlerts.alertId })
    .from(incidentAlerts)
    .where(and(eq(incidentAlerts.tenantId, tenantId), eq(incidentAlerts.incidentId, id)))
    .all()
    .map((r) => r.alertId);
  return {
    id: c.id,
    reference: caseReference(c.number),
    number: c.number,
    title: c.title,
    description: c.description,
    severity: c.severity,
    status: c.status,
    resolution: c.resolution,
    tlp: c.tlp,
    tags: c.tags,
    template: c.template,
    source: c.source,
    assigneeId: c.assigneeId,
    assignee,
    mergedInto: c.mergedInto,
    openedAt: c.openedAt,
    acknowledgedAt: c.acknowledgedAt,
    containedAt: c.containedAt,
    resolvedAt: c.resolvedAt,
    closedAt: c.closedAt,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    tasks,
    observables: listObservables(tenantId, id),
    evidence,
    alerts: findAlerts(tenantId, alertIds),
  };
}

export type CaseView = NonNullable<ReturnType<typeof getCase>>;

export type CasePatch = {
  title?: string;
  description?: string;
  severity?: Severity;
  status?: IncidentStatus;
  resolution?: Resolution | null;
  assigneeId?: string | null;
  tags?: string[];
  tlp?: Tlp;
};

/** Whether a status move is allowed (and, for closing, what it still needs). */
export function checkTransition(from: IncidentStatus, to: IncidentStatus, resolution?: Resolution | null) {
  if (from === to) return null;
  if (!TRANSITIONS[from].includes(to))
    return `A case cannot go from ${STATUS_LABEL[from].toLowerCase()} to ${STATUS_LABEL[to].toLowerCase()}`;
  if (to === "closed" && !resolution) return "Closing a case needs a resolution";
  return null;
}

export function updateCase(tenantId: string, id: string, patch: CasePatch, actor: Actor, now = Date.now()) {
  const c = row(tenantId, id);
  if (!c) return null;
  if (patch.assigneeId) assertMember(tenantId, patch.assigneeId);
  const set: Partial<CaseRow> = {};
  const events: [string, Record<string, unknown>][] = [];
  if (patch.status !== undefined && patch.status !== c.status) {
    const refused = checkTransition(c.status, patch.status, patch.resolution);
    if (refused)
      throw new IncidentError(refused, patch.status === "closed" && !patch.resolution ? "resolution" : "status");
    set.status = patch.status;
    const to = patch.status;
    // Measured response: the first move out of "open" acknowledges; containment and resolution are stamped once
    // (a case resolved without a containment step was contained when it was resolved). Reopening clears the
    // resolution so the case is measured again when it is resolved again.
    if (!c.acknowledgedAt) set.acknowledgedAt = now;
    if ((to === "contained" || to === "resolved" || to === "closed") && !c.containedAt) set.containedAt = now;
    if ((to === "resolved" || to === "closed") && !c.resolvedAt) set.resolvedAt = now;
    if (to === "closed") {
      set.closedAt = now;
      set.resolution = patch.resolution!;
    }
    if (to === "investigating" && (c.status === "resolved" || c.status === "closed")) {
      set.resolvedAt = null;
      set.closedAt = null;
      set.resolution = null;
    }
    events.push(["status", { from: c.status, to, resolution: to === "closed" ? patch.resolution : null }]);
  } else if (patch.resolution !== undefined && patch.resolution !== c.resolution && c.status === "closed") {
    if (!patch.resolution) throw new IncidentError("A closed case keeps a resolution", "resolution");
    set.resolution = patch.resolution;
    events.push(["field", { field: "Resolution", from: c.resolution, to: patch.resolution }]);
  }
  if (patch.assigneeId !== undefined && patch.assigneeId !== c.assigneeId) {
    set.assigneeId = patch.assigneeId;
    const toEmail = patch.assigneeId ? (userEmail(patch.assigneeId) ?? undefined) : null;
    events.push(["assignee", { from: c.assigneeId, to: patch.assigneeId, toEmail }]);
  }
  const fields: [keyof CasePatch, string][] = [
    ["title", "Title"],
    ["description", "Description"],
    ["severity", "Severity"],
    ["tlp", "TLP"],
  ];
  for (const [key, label] of fields) {
    const v = patch[key];
    if (v !== undefined && v !== c[key as keyof CaseRow]) {
      (set as Record<string, unknown>)[key] = v;
      events.push(["field", { field: label, from: c[key as keyof CaseRow], to: v }]);
    }
  }
  if (patch.tags !== undefined) {
    const tags = normaliseTags(patch.tags);
    if (tags.join(",") !== c.tags.join(",")) {
      set.tags = tags;
      events.push(["field", { field: "Tags", from: c.tags.join(", "), to: tags.join(", ") }]);
    }
  }
  if (events.length) {
    db.transaction(() => {
      db.update(incidents)
        .set({ ...set, updatedAt: now })
        .where(and(eq(incidents.tenantId, tenantId), eq(incidents.id, id)))
        .run();
      for (const [kind, detail] of events) appendEvent(tenantId, id, actor, kind, detail, now);
    });
    // A resolved or closed case closes the alerts it was opened from (issue 31): they were handled in the case.
    if ((set.status === "resolved" || set.status === "closed") && c.status !== "resolved" && c.status !== "closed")
      resolveAlerts(tenantId, linkedAlertIds(tenantId, id), actor.userId);
  }
  return getCase(tenantId, id, now);
}

function linkedAlertIds(tenantId: string, incidentId: string): string[] {
  return db
    .select({ alertId: incidentAlerts.alertId })
    .from(incidentAlerts)
    .where(and(eq(incidentAlerts.tenantId, tenantId), eq(incidentAlerts.incidentId, incidentId)))
    .all()
    .map((r) => r.alertId);
}

function touch(tenantId: string, id: string, now: number) {
  db.update(incidents)
    .set({ updatedAt: now })
    .where(and(eq(incidents.tenantId, tenantId), eq(incidents.id, id)))
    .run();
}

// ---------------------------------------------------------------------------
// Tasks
// ---------------------------------------------------------------------------

export function addTask(
  tenantId: string,
  id: string,
  input: { title: string; phase?: string; dueHours?: number | null },
  actor: Actor,
  now = Date.now(),
) {
  const c = row(tenantId, id);
  if (!c) return null;
  const taskId = randomUUID();
  db.transaction(() => {
    const max = db
      .select({ n: sql<number | null>`max(${incidentTasks.position})` })
      .from(incidentTasks)
      .where(and(eq(incidentTasks.tenantId, tenantId), eq(incidentTasks.incidentId, id)))
      .get()?.n;
    db.insert(incidentTasks)
      .values({
        id: taskId,
        tenantId,
        incidentId: id,
        position: (max ?? -1) + 1,
        title: input.title,
        phase: input.phase || "Detection and analysis",
        dueAt: input.dueHours == null ? null : c.openedAt + input.dueHours * 3_600_000,
      })
      .run();
    appendEvent(tenantId, id, actor, "task_added", { taskId, title: input.title }, now);
    touch(tenantId, id, now);
  });
  return getTask(tenantId, id, taskId);
}

export function getTask(tenantId: string, incidentId: string, taskId: string) {
  return (
    db
      .select()
      .from(incidentTasks)
      .where(
        and(
          eq(incidentTasks.tenantId, tenantId),
          eq(incidentTasks.incidentId, incidentId),
          eq(incidentTasks.id, taskId),
        ),
      )
      .get() ?? null
  );
}

export function updateTask(
  tenantId: string,
  incidentId: string,
  taskId: string,
  patch: { status?: "open" | "done"; title?: string },
  actor: Actor,
  now = Date.now(),
) {
  const t = getTask(tenantId, incidentId, taskId);
  if (!t) return null;
  db.transaction(() => {
    if (patch.title !== undefined && patch.title !== t.title) {
      db.update(incidentTasks).set({ title: patch.title }).where(eq(incidentTasks.id, taskId)).run();
      appendEvent(tenantId, incidentId, actor, "field", { field: "Task", from: t.title, to: patch.title }, now);
    }
    if (patch.status !== undefined && patch.status !== t.status) {
      const done = patch.status === "done";
      db.update(incidentTasks)
        .set({ status: patch.status, doneAt: done ? now : null, doneBy: done ? actor.userId : null })
        .where(eq(incidentTasks.id, taskId))
        .run();
      appendEvent(
        tenantId,
        incidentId,
        actor,
        done ? "task_done" : "task_reopened",
        { taskId, title: patch.title ?? t.title },
        now,
      );
    }
    touch(tenantId, incidentId, now);
  });
  return getTask(tenantId, incidentId, taskId);
}

// ---------------------------------------------------------------------------
// Observables
// ---------------------------------------------------------------------------

const HEX = /^[0-9a-f]+$/;
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

function validDomain(v: string) {
  if (v.length > 253 || !v.includes(".")) return false;
  return v.split(".").every((l) => LABEL.test(l));
}

/** The stored form of an observable, or an error message. Case-insensitive kinds are lower-cased so cases link. */
export function normaliseObservable(type: ObservableType, raw: string): { value: string } | { error: string } {
  let v = raw.trim();
  if (!v) return { error: "Enter a value" };
  if (v.length > 2048) return { error: "The value is too long (2,048 characters at most)" };
  switch (type) {
    case "ip": {
      v = v.replace(/^\[|\]$/g, "").toLowerCase();
      return isIP(v) ? { value: v } : { error: "Enter an IPv4 or IPv6 address" };
    }
    case "domain":
      v = v.toLowerCase().replace(/\.$/, "");
      return validDomain(v) ? { value: v } : { error: "Enter a domain name such as example.com" };
    case "host":
      v = v.toLowerCase().replace(/\.$/, "");
      return isIP(v) || LABEL.test(v) || validDomain(v) ? { value: v } : { error: "Enter a host name or address" };
    case "url": {
      let u: URL;
      try {
        u = new URL(v);
      } catch {
        return { error: "Enter a full URL such as https://example.com/path" };
      }
      if (!u.hostname) return { error: "Enter a full URL such as https://example.com/path" };
      return { value: u.href };
    }
    case "email": {
      v = v.toLowerCase();
      const at = v.lastIndexOf("@");
      if (at < 1 || v.length > 320 || /\s/.test(v) || !validDomain(v.slice(at + 1)))
        return { error: "Enter an e-mail address such as name@example.com" };
      return { value: v };
    }
    case "hash":
      v = v.toLowerCase();
      return HEX.test(v) && [32, 40, 64, 128].includes(v.length)
        ? { value: v }
        : { error: "Enter an MD5, SHA-1, SHA-256 or SHA-512 hash in hexadecimal" };
    case "user":
      return v.length <= 256 ? { value: v } : { error: "The user name is too long (256 characters at most)" };
  }
}

export function addObservable(
  tenantId: string,
  incidentId: string,
  input: { type: ObservableType; value: string; ioc?: boolean; note?: string | null },
  actor: Actor,
  now = Date.now(),
) {
  if (!row(tenantId, incidentId)) return null;
  const norm = normaliseObservable(input.type, input.value);
  if ("error" in norm) throw new IncidentError(norm.error, "value");
  const existing = db
    .select({ id: incidentObservables.id })
    .from(incidentObservables)
    .where(
      and(
        eq(incidentObservables.incidentId, incidentId),
        eq(incidentObservables.type, input.type),
        eq(incidentObservables.value, norm.value),
      ),
    )
    .get();
  if (existing) throw new IncidentError("This observable is already on the case", "value");
  const id = randomUUID();
  db.transaction(() => {
    db.insert(incidentObservables)
      .values({
        id,
        tenantId,
        incidentId,
        type: input.type,
        value: norm.value,
        ioc: !!input.ioc,
        note: input.note || null,
        createdBy: actor.userId,
      })
      .run();
    appendEvent(
      tenantId,
      incidentId,
      actor,
      "observable",
      { observableId: id, type: input.type, value: norm.value, ioc: !!input.ioc },
      now,
    );
    touch(tenantId, incidentId, now);
  });
  return listObservables(tenantId, incidentId).find((o) => o.id === id)!;
}

/** A case's observables, each with the other cases of the tenant that hold the same one. */
export function listObservables(tenantId: string, incidentId: string) {
  const own = db
    .select()
    .from(incidentObservables)
    .where(and(eq(incidentObservables.tenantId, tenantId), eq(incidentObservables.incidentId, incidentId)))
    .orderBy(asc(incidentObservables.createdAt))
    .all();
  if (!own.length) return [];
  const values = [...new Set(own.map((o) => o.value))];
  const others = db
    .select({
      type: incidentObservables.type,
      value: incidentObservables.value,
      incidentId: incidents.id,
      number: incidents.number,
      title: incidents.title,
    })
    .from(incidentObservables)
    .innerJoin(incidents, eq(incidents.id, incidentObservables.incidentId))
    .where(
      and(
        eq(incidentObservables.tenantId, tenantId),
        eq(incidents.tenantId, tenantId),
        ne(incidentObservables.incidentId, incidentId),
        inArray(incidentObservables.value, values),
      ),
    )
    .all();
  return own.map((o) => ({
    id: o.id,
    type: o.type,
    value: o.value,
    ioc: o.ioc,
    note: o.note,
    createdAt: o.createdAt,
    linkedCases: others
      .filter((x) => x.type === o.type && x.value === o.value)
      .map((x) => ({ id: x.incidentId, reference: caseReference(x.number), title: x.title })),
  }));
}

// ---------------------------------------------------------------------------
// Comments and corrections
// ---------------------------------------------------------------------------

export function addComment(
  tenantId: string,
  incidentId: string,
  input: { text: string; corrects?: number | null },
  actor: Actor,
  now = Date.now(),
) {
  if (!row(tenantId, incidentId)) return null;
  if (input.corrects != null) {
    const target = db
      .select({ id: incidentEvents.id })
      .from(incidentEvents)
      .where(
        and(
          eq(incidentEvents.tenantId, tenantId),
          eq(incidentEvents.incidentId, incidentId),
          eq(incidentEvents.id, input.corrects),
        ),
      )
      .get();
    if (!target) throw new IncidentError("The timeline entry to correct is not on this case", "corrects");
  }
  const kind = input.corrects != null ? "correction" : "comment";
  const eventId = appendEvent(tenantId, incidentId, actor, kind, { text: input.text }, now, input.corrects ?? null);
  touch(tenantId, incidentId, now);
  return listTimeline(tenantId, incidentId).find((e) => e.id === eventId)!;
}

// ---------------------------------------------------------------------------
// Merge
// ---------------------------------------------------------------------------

/**
 * Merges `sourceId` into `targetId`: tasks, observables (without duplicates), evidence and alert links move to the
 * target; the source is closed as a duplicate pointing at the target. Both timelines say so; neither loses entries.
 */
export function mergeCases(tenantId: string, sourceId: string, targetId: string, actor: Actor, now = Date.now()) {
  if (sourceId === targetId) throw new IncidentError("A case cannot be merged into itself", "targetId");
  const src = row(tenantId, sourceId);
  const dst = row(tenantId, targetId);
  if (!src || !dst) throw new IncidentError("Both cases must belong to this organization", "targetId");
  if (src.mergedInto) throw new IncidentError("This case was already merged", "targetId");
  if (dst.mergedInto) throw new IncidentError("The target case was merged into another case", "targetId");
  db.transaction(() => {
    const max =
      db
        .select({ n: sql<number | null>`max(${incidentTasks.position})` })
        .from(incidentTasks)
        .where(and(eq(incidentTasks.tenantId, tenantId), eq(incidentTasks.incidentId, targetId)))
        .get()?.n ?? -1;
    const tasks = db
      .select({ id: incidentTasks.id, position: incidentTasks.position })
      .from(incidentTasks)
      .where(and(eq(incidentTasks.tenantId, tenantId), eq(incidentTasks.incidentId, sourceId)))
      .all();
    for (const t of tasks)
      db.update(incidentTasks)
        .set({ incidentId: targetId, position: max + 1 + t.position })
        .where(eq(incidentTasks.id, t.id))
        .run();
    const have = new Set(
      db
        .select({ type: incidentObservables.type, value: incidentObservables.value })
        .from(incidentObservables)
        .where(eq(incidentObservables.incidentId, targetId))
        .all()
        .map((o) => `${o.type}\n${o.value}`),
    );
    for (const o of db.select().from(incidentObservables).where(eq(incidentObservables.incidentId, sourceId)).all()) {
      if (have.has(`${o.type}\n${o.value}`)) continue;
      db.update(incidentObservables).set({ incidentId: targetId }).where(eq(incidentObservables.id, o.id)).run();
    }
    db.update(incidentEvidence)
      .set({ incidentId: targetId })
      .where(and(eq(incidentEvidence.tenantId, tenantId), eq(incidentEvidence.incidentId, sourceId)))
      .run();
    for (const a of db.select().from(incidentAlerts).where(eq(incidentAlerts.incidentId, sourceId)).all())
      db.insert(incidentAlerts)
        .values({ tenantId, incidentId: targetId, alertId: a.alertId })
        .onConflictDoNothing()
        .run();
    const tags = normaliseTags([...dst.tags, ...src.tags]);
    db.update(incidents).set({ tags, updatedAt: now }).where(eq(incidents.id, targetId)).run();
    db.update(incidents)
      .set({
        status: "closed",
        resolution: "duplicate",
        mergedInto: targetId,
        acknowledgedAt: src.acknowledgedAt ?? now,
        closedAt: now,
        updatedAt: now,
      })
      .where(eq(incidents.id, sourceId))
      .run();
    appendEvent(
      tenantId,
      targetId,
      actor,
      "merged_from",
      { caseId: sourceId, reference: caseReference(src.number) },
      now,
    );
    appendEvent(
      tenantId,
      sourceId,
      actor,
      "merged_into",
      { caseId: targetId, reference: caseReference(dst.number) },
      now,
    );
  });
  return getCase(tenantId, targetId, now);
}

export function assigneeOptions(tenantId: string) {
  return listMembers(tenantId).map((m) => ({ id: m.userId, email: m.email }));
}
