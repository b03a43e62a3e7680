/**
 * /privacy: Privacy Guard, data subject requests against their legal deadlines. Free plan and up; signed-out
 * visitors see the teaser. Loader and action below; the services are in app/modules/privacy.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { appRoute } from "~/lib/app-routes";
import { PrivacyPage } from "~/modules/privacy/components/privacy-page";
import { limitWrites } from "~/lib/api.server";
import { loadAppRoute, requireAppRoute } from "~/modules/tenants";
import { readForm, domainFieldError } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { audit } from "~/modules/audit";
import { listMembers } from "~/modules/tenants";
import { ensureTenantSlug, getTenantTimeZone, setTenantTimeZone } from "~/modules/tenants";
import { listSystems } from "~/modules/privacy/data-map.server";
import { checkPrivacyDeadlines, privacyStats } from "~/modules/privacy/deadlines.server";
import { JURISDICTION_IDS, timeZones, todayIn, type JurisdictionId } from "~/modules/privacy/deadlines";
import { can } from "~/modules/permissions";
import { PERMISSION_MESSAGE, type PrivacyAction } from "~/modules/privacy/permissions";
import {
  createRequest,
  getPrivacySettings,
  listRequests,
  savePrivacySettings,
} from "~/modules/privacy/requests.server";
import { STATUSES, type RequestStatus } from "~/modules/privacy/types";
import { CreateRequestSchema, fieldErrors, SettingsSchema } from "~/modules/privacy/validation";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: `${appRoute("/privacy").label} · Rampart` }];

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

export async function loader({ request }: LoaderFunctionArgs) {
  const now = Date.now();
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

export async function action({ request, context }: ActionFunctionArgs) {
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
      const refused = domainFieldError(error);
      return fail(intent, { [refused.field]: refused.message });
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

export default function Page() {
  return <PrivacyPage />;
}
