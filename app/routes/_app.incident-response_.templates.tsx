/** /incident-response/templates: the playbook templates (owners and admins edit them). */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { TemplatesPage } from "~/modules/incidents/components/templates-page";
import { limitWrites } from "~/lib/api.server";
import { requireAppRoute } from "~/modules/tenants";
import { readForm } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { audit } from "~/modules/audit";
import { listTemplates, resetTemplate, saveTemplate } from "~/modules/incidents/cases.server";
import type { Role } from "~/lib/permissions";
import { can } from "~/modules/permissions";
import { PERMISSION_MESSAGE, type IncidentAction } from "~/modules/incidents/permissions";
import { DEFAULT_TEMPLATES } from "~/modules/incidents/templates";
import { fieldErrors, parseTemplateLines, TemplateSchema } from "~/modules/incidents/validation";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: "Playbook templates · Incident Response · Rampart" }];

export type FormResult = { intent: string; ok?: string; errors?: Record<string, string> };

const PATH = "/incident-response";

const str = (form: FormData, key: string) => {
  const v = form.get(key);
  return typeof v === "string" ? v : undefined;
};

const fail = (intent: string, errors: Record<string, string>, status = 400) =>
  data<FormResult>({ intent, errors }, { status });

const refuse = (action: IncidentAction, intent: string) => fail(intent, { form: PERMISSION_MESSAGE[action] }, 403);

function abilities(role: Role) {
  return {
    work: can(role, "incident", "work"),
    manage: can(role, "incident", "manage"),
    configure: can(role, "incident", "editTemplates"),
    setSla: can(role, "incident", "setTargets"),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireAppRoute(request, PATH);
  return {
    templates: listTemplates(ctx.tenant.id).map((t) => ({
      ...t,
      lines: t.tasks.map((x) => `${x.dueHours} | ${x.phase} | ${x.title}`).join("\n"),
      shipped: DEFAULT_TEMPLATES.some((d) => d.key === t.key),
    })),
    can: abilities(ctx.tenant.role),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireAppRoute(request, PATH);
  limitWrites(ctx.user.id);
  const form = await readForm(request);
  const intent = str(form, "intent") ?? "";
  const key = str(form, "key") ?? "";
  const formIntent = `${intent}-${key}`;
  if (!can(ctx.tenant.role, "incident", "editTemplates")) return refuse("editTemplates", formIntent);
  if (intent === "reset") {
    if (!resetTemplate(ctx.tenant.id, key))
      return fail(formIntent, { form: "Only the shipped templates can be reset" });
    return data<FormResult>({ intent: formIntent, ok: "Template reset." });
  }
  if (intent === "save") {
    const parsed = TemplateSchema.safeParse({
      key,
      name: str(form, "name") ?? "",
      tasks: parseTemplateLines(str(form, "tasks") ?? ""),
    });
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      const issue = parsed.error.issues.find((i) => i.path[0] === "tasks" && i.path.length > 1);
      if (issue) errors.tasks = `Line ${Number(issue.path[1]) + 1}: write "hours | phase | task" (${issue.message})`;
      return fail(formIntent, errors);
    }
    saveTemplate(ctx.tenant.id, parsed.data);
    audit({
      action: "incident.template_saved",
      tenantId: ctx.tenant.id,
      userId: ctx.user.id,
      ip: clientIp(context),
      detail: { key },
    });
    return data<FormResult>({ intent: formIntent, ok: "Template saved." });
  }
  return fail(formIntent, { form: "Unknown action" });
}

export default function Page() {
  return <TemplatesPage />;
}
