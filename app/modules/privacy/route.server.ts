/**
 * Loaders and actions of the Privacy Guard pages (the route files stay thin):
 * /privacy (requests needing attention first, the monthly chart, the log
 * form, settings), /privacy/:id (one request: status, identity, extension,
 * checklist, assignee, notes, history) and /privacy/data-map. Every form
 * posts to these actions, so the pages work without JavaScript.
 */
import { data, redirect } from "@remix-run/node";
import { limitWrites } from "~/lib/api.server";
import { loadAppRoute, requireAppRoute } from "~/modules/tenants";
import { jsonError, notFound, readForm } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { audit } from "~/modules/audit";
import { listMembers } from "~/modules/tenants";
import { ensureTenantSlug, getTenantTimeZone, setTenantTimeZone } from "~/modules/tenants";
import { addSystem, DataMapError, listSystems, removeSystem, SYSTEMS_MAX } from "./data-map.server";
import { checkPrivacyDeadlines, privacyStats } from "./deadlines.server";
import { JURISDICTION_IDS, rulesFor, timeZones, todayIn, type JurisdictionId } from "./deadlines";
import { can } from "~/modules/permissions";
import { PERMISSION_MESSAGE, type PrivacyAction } from "./permissions";
import {
  createRequest,
  describeEvent,
  getPrivacySettings,
  getRequest,
  listHistory,
  listRequests,
  PrivacyError,
  savePrivacySettings,
  updateRequest,
} from "./requests.server";
import { STATUSES, type RequestStatus } from "./types";
import {
  CreateRequestSchema,
  ExtensionSchema,
  fieldErrors,
  PatchRequestSchema,
  SettingsSchema,
  SystemSchema,
} from "./validation";

export type FormResult = { intent: string; ok?: string; errors?: Record<string, string> };

const str = (form: FormData, key: string) => {
  const v = form.get(key);
  return typeof v === "string" ? v : undefined;
};

function refuse(action: PrivacyAction, intent: string) {
  return data<FormResult>({ intent, errors: { form: PERMISSION_MESSAGE[action] } }, { status: 403 });
}

const fail = (intent: string, errors: Record<string, string>, status = 400) =>
  data<FormResult>({ intent, errors }, { status });

function members(tenantId: string) {
  return listMembers(tenantId).map((m) => ({ id: m.userId, email: m.email }));
}

// ---------------------------------------------------------------------------
// /privacy
// ---------------------------------------------------------------------------

export async function privacyLoader(request: Request, now = Date.now()) {
  const access = await loadAppRoute(request, "/privacy");
  if (access.teaser) return { teaser: true as const };
  const { tenant } = access.ctx;
  const tenantId = tenant.id;
  checkPrivacyDeadlines(tenantId, now);
  const url = new URL(request.url);
  const statusParam = url.searchParams.get("status");
  const status = (STATUSES as readonly string[]).includes(statusParam ?? "") ? (statusParam as RequestStatus) : null;
  const all = listRequests(tenantId, {}, now);
  const attention = all
    .filter((r) => r.daysRemaining !== null && r.daysRemaining <= 7)
    .sort((a, b) => a.daysRemaining! - b.daysRemaining! || a.dueDate.localeCompare(b.dueDate));
  const lawParam = url.searchParams.get("jurisdiction");
  const jurisdiction = (JURISDICTION_IDS as readonly string[]).includes(lawParam ?? "")
    ? (lawParam as JurisdictionId)
    : null;
  const sort = url.searchParams.get("sort") === "due" ? ("due" as const) : ("newest" as const);
  const shown = all.filter(
    (r) => (!status || r.status === status) && (!jurisdiction || r.jurisdiction === jurisdiction),
  );
  // Newest first (the list's order) or by due date, earliest first.
  if (sort === "due")
    shown.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.reference.localeCompare(b.reference));
  const settings = getPrivacySettings(tenantId);
  const timeZone = getTenantTimeZone(tenantId);
  const canConfigure = can(tenant.role, "privacyRequest", "configure");
  const pick = (r: (typeof all)[number]) => ({
    id: r.id,
    reference: r.reference,
    type: r.type,
    status: r.status,
    jurisdiction: r.jurisdiction,
    subjectName: r.subjectName,
    requestedAt: r.requestedAt,
    dueDate: r.dueDate,
    daysRemaining: r.daysRemaining,
    answeredOnTime: r.answeredOnTime,
    openTasks: r.tasks.filter((t) => t.status === "open").length,
    tasks: r.tasks.length,
    assignee: r.assignee?.email ?? null,
  });
  return {
    teaser: false as const,
    tenantName: tenant.displayName,
    today: todayIn(timeZone, now),
    timeZone,
    attention: attention.map(pick),
    requests: shown.map(pick),
    total: all.length,
    filter: { status, jurisdiction, sort },
    stats: privacyStats(tenantId, now),
    members: members(tenantId),
    systems: listSystems(tenantId).length,
    settings: {
      ...settings,
      intakePath: settings.intakeEnabled ? `/privacy-request/${ensureTenantSlug(tenantId)}` : null,
    },
    custom: { days: settings.customDays, extensionDays: settings.customExtensionDays },
    can: {
      log: can(tenant.role, "privacyRequest", "log"),
      work: can(tenant.role, "privacyRequest", "work"),
      configure: canConfigure,
    },
    timeZones: canConfigure ? timeZones() : [],
  };
}

export async function privacyAction(request: Request, context: unknown) {
  const ctx = await requireAppRoute(request, "/privacy");
  limitWrites(ctx.user.id);
  const tenantId = ctx.tenant.id;
  const form = await readForm(request);
  const intent = str(form, "intent") ?? "";
  const ip = clientIp(context);

  if (intent === "create") {
    if (!can(ctx.tenant.role, "privacyRequest", "log")) return refuse("log", intent);
    const parsed = CreateRequestSchema.safeParse({
      type: str(form, "type"),
      jurisdiction: str(form, "jurisdiction"),
      requestedAt: str(form, "requestedAt") || undefined,
      subjectName: str(form, "subjectName") ?? "",
      subjectEmail: str(form, "subjectEmail") ?? "",
      channel: str(form, "channel"),
      notes: str(form, "notes") || undefined,
      assigneeId: str(form, "assigneeId") || null,
    });
    if (!parsed.success) return fail(intent, fieldErrors(parsed.error));
    try {
      const created = createRequest(
        tenantId,
        { ...parsed.data, channel: parsed.data.channel ?? "email" },
        { userId: ctx.user.id, label: ctx.user.email },
      );
      audit({
        action: "privacy.request_logged",
        tenantId,
        userId: ctx.user.id,
        ip,
        detail: { id: created.id, reference: created.reference },
      });
      checkPrivacyDeadlines(tenantId);
      return redirect(`/privacy/${created.id}?logged=1`);
    } catch (error) {
      if (error instanceof PrivacyError) return fail(intent, { [error.field]: error.message });
      throw error;
    }
  }

  if (intent === "settings") {
    if (!can(ctx.tenant.role, "privacyRequest", "configure")) return refuse("configure", intent);
    const parsed = SettingsSchema.safeParse({
      timeZone: str(form, "timeZone") ?? "",
      intakeEnabled: str(form, "intakeEnabled") === "on",
      intakeJurisdiction: str(form, "intakeJurisdiction"),
      customDays: str(form, "customDays") ?? "",
      customExtensionDays: str(form, "customExtensionDays") || "0",
    });
    if (!parsed.success) return fail(intent, fieldErrors(parsed.error));
    const { timeZone, ...settings } = parsed.data;
    setTenantTimeZone(tenantId, timeZone);
    savePrivacySettings(tenantId, settings);
    if (settings.intakeEnabled) ensureTenantSlug(tenantId);
    audit({ action: "privacy.settings_changed", tenantId, userId: ctx.user.id, ip, detail: parsed.data });
    checkPrivacyDeadlines(tenantId);
    return data<FormResult>({ intent, ok: "Settings saved." });
  }

  return fail(intent || "unknown", { form: "Unknown action" });
}

// ---------------------------------------------------------------------------
// /privacy/:id
// ---------------------------------------------------------------------------

export async function requestLoader(request: Request, id: string, now = Date.now()) {
  const ctx = await requireAppRoute(request, "/privacy");
  const tenantId = ctx.tenant.id;
  checkPrivacyDeadlines(tenantId, now);
  const found = getRequest(tenantId, id, now);
  if (!found) throw notFound();
  const settings = getPrivacySettings(tenantId);
  const rules = rulesFor(found.jurisdiction, {
    days: settings.customDays,
    extensionDays: settings.customExtensionDays,
  });
  const timeZone = getTenantTimeZone(tenantId);
  return {
    request: found,
    rules: {
      label: rules.label,
      source: rules.source,
      sourceUrl: rules.sourceUrl,
      rule: rules.rule,
      extension: rules.extension,
    },
    history: listHistory(tenantId, id).map((h) => ({ id: h.id, by: h.by, at: h.at, text: describeEvent(h) })),
    members: members(tenantId),
    today: todayIn(timeZone, now),
    timeZone,
    can: { work: can(ctx.tenant.role, "privacyRequest", "work") },
  };
}

export async function requestAction(request: Request, id: string, context: unknown) {
  const ctx = await requireAppRoute(request, "/privacy");
  limitWrites(ctx.user.id);
  const tenantId = ctx.tenant.id;
  const form = await readForm(request);
  const intent = str(form, "intent") ?? "unknown";
  if (!can(ctx.tenant.role, "privacyRequest", "work")) return refuse("work", intent);

  let patch: unknown;
  let okMessage: string;
  switch (intent) {
    case "status": {
      const to = str(form, "status");
      patch = {
        status: to,
        reason: str(form, "reason")?.trim() || undefined,
        method: to === "in-progress" ? str(form, "method") || undefined : undefined,
      };
      okMessage = "Status changed.";
      break;
    }
    case "extend": {
      const ext = ExtensionSchema.safeParse({
        reason: str(form, "reason") ?? "",
        notifiedAt: str(form, "notifiedAt") ?? "",
      });
      if (!ext.success) return fail(intent, fieldErrors(ext.error));
      patch = { extension: ext.data };
      okMessage = "Deadline extended.";
      break;
    }
    case "task": {
      patch = { tasks: [{ id: str(form, "taskId") ?? "", status: str(form, "taskStatus") }] };
      okMessage = "Checklist updated.";
      break;
    }
    case "assign": {
      patch = { assigneeId: str(form, "assigneeId") || null };
      okMessage = "Assignee saved.";
      break;
    }
    case "notes": {
      patch = { notes: str(form, "notes") ?? "" };
      okMessage = "Notes saved.";
      break;
    }
    default:
      return fail(intent, { form: "Unknown action" });
  }
  const parsed = PatchRequestSchema.safeParse(patch);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    // Form fields are named like the patch, except the task's pieces.
    if (errors.tasks) errors.form = "Choose a checklist task.";
    return fail(intent, errors);
  }
  try {
    const updated = updateRequest(tenantId, id, parsed.data, { userId: ctx.user.id, label: ctx.user.email });
    if (!updated) throw notFound();
    audit({
      action: "privacy.request_updated",
      tenantId,
      userId: ctx.user.id,
      ip: clientIp(context),
      detail: { id, intent },
    });
    checkPrivacyDeadlines(tenantId);
    return data<FormResult>({ intent, ok: okMessage });
  } catch (error) {
    if (error instanceof PrivacyError) {
      const field = error.field === "extension" ? "form" : error.field;
      return fail(intent, { [field]: error.message });
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------
// /privacy/data-map
// ---------------------------------------------------------------------------

export async function dataMapLoader(request: Request) {
  const ctx = await requireAppRoute(request, "/privacy");
  return {
    systems: listSystems(ctx.tenant.id),
    max: SYSTEMS_MAX,
    can: { configure: can(ctx.tenant.role, "privacyRequest", "configure") },
  };
}

export async function dataMapAction(request: Request, context: unknown) {
  const ctx = await requireAppRoute(request, "/privacy");
  limitWrites(ctx.user.id);
  const tenantId = ctx.tenant.id;
  const form = await readForm(request);
  const intent = str(form, "intent") ?? "unknown";
  if (!can(ctx.tenant.role, "privacyRequest", "configure")) return refuse("configure", intent);
  if (intent === "add-system") {
    const parsed = SystemSchema.safeParse({
      name: str(form, "name") ?? "",
      owner: str(form, "owner") ?? "",
      dataCategories: str(form, "dataCategories") ?? "",
      location: str(form, "location") ?? "",
      retention: str(form, "retention") ?? "",
      requestTypes: form.getAll("requestTypes").filter((v) => typeof v === "string"),
    });
    if (!parsed.success) return fail(intent, fieldErrors(parsed.error));
    try {
      const system = addSystem(tenantId, parsed.data);
      audit({
        action: "privacy.system_added",
        tenantId,
        userId: ctx.user.id,
        ip: clientIp(context),
        detail: { id: system.id, name: system.name },
      });
      return data<FormResult>({ intent, ok: `${system.name} added to the data map.` });
    } catch (error) {
      if (error instanceof DataMapError) return fail(intent, { form: error.message });
      throw error;
    }
  }
  if (intent === "remove-system") {
    const id = str(form, "systemId") ?? "";
    if (!removeSystem(tenantId, id)) return jsonError(404, "Resource not found", "NOT_FOUND");
    audit({ action: "privacy.system_removed", tenantId, userId: ctx.user.id, ip: clientIp(context), detail: { id } });
    return data<FormResult>({ intent, ok: "System removed from the data map." });
  }
  return fail(intent, { form: "Unknown action" });
}
