/** /privacy/:id: one data subject request (status, extension, checklist, history). */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { RequestPage } from "~/modules/privacy/components/request-page";
import { limitWrites } from "~/lib/api.server";
import { requireAppRoute } from "~/modules/tenants";
import { notFound, readForm, domainFieldError } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { audit } from "~/modules/audit";
import { listMembers } from "~/modules/tenants";
import { getTenantTimeZone } from "~/modules/tenants";
import { checkPrivacyDeadlines } from "~/modules/privacy/deadlines.server";
import { rulesFor, todayIn } from "~/modules/privacy/deadlines";
import { can } from "~/modules/permissions";
import { PERMISSION_MESSAGE, type PrivacyAction } from "~/modules/privacy/permissions";
import {
  describeEvent,
  getPrivacySettings,
  getRequest,
  listHistory,
  updateRequest,
} from "~/modules/privacy/requests.server";
import { ExtensionSchema, fieldErrors, PatchRequestSchema } from "~/modules/privacy/validation";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.request.reference ?? "Request"} · Privacy Guard · Rampart` },
];

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

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const now = Date.now();
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

export async function action({ request, params, context }: ActionFunctionArgs) {
  const id = params.id ?? "";
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
    const refused = domainFieldError(error);
    const field = refused.field === "extension" ? "form" : refused.field;
    return fail(intent, { [field]: refused.message });
  }
}

export default function Page() {
  return <RequestPage />;
}
