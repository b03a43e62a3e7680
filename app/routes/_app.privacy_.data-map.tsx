/** /privacy/data-map: the systems holding personal data, which become each request's checklist. */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { DataMapPage } from "~/modules/privacy/components/data-map-page";
import { limitWrites } from "~/lib/api.server";
import { requireAppRoute } from "~/modules/tenants";
import { jsonError, readForm, domainFieldError } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { audit } from "~/modules/audit";
import { addSystem, listSystems, removeSystem, SYSTEMS_MAX } from "~/modules/privacy/data-map.server";
import { can } from "~/modules/permissions";
import { PERMISSION_MESSAGE, type PrivacyAction } from "~/modules/privacy/permissions";
import { fieldErrors, SystemSchema } from "~/modules/privacy/validation";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: "Data map · Privacy Guard · Rampart" }];

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

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireAppRoute(request, "/privacy");
  return {
    systems: listSystems(ctx.tenant.id),
    max: SYSTEMS_MAX,
    can: { configure: can(ctx.tenant.role, "privacyRequest", "configure") },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
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
      return fail(intent, { form: domainFieldError(error).message });
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

export default function Page() {
  return <DataMapPage />;
}
