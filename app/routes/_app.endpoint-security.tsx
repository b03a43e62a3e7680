/**
 * /endpoint-security: devices, their policies and vulnerable software (Pro and up). The spec put it outside the
 * app shell; it is in the sidebar, and issue 32 found that following a sidebar item out of the app disorients, so
 * it sits in the shell like every other sidebar page.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { domainFieldError, forbidden, readForm } from "~/lib/http.server";
import { configuredOrigin } from "~/lib/public-origin.server";
import { clientIp } from "~/lib/request.server";
import { audit } from "~/modules/audit";
import {
  createEnrollSecret,
  ENDPOINT_PERMISSION_MESSAGE,
  listEnrollSecrets,
  listHosts,
  listPolicies,
  policyHistory,
  removeHost,
  revokeEnrollSecret,
  vulnerableSoftware,
} from "~/modules/endpoint";
import { EndpointPage, type EndpointActionData } from "~/modules/endpoint/components/endpoint-page";
import { can } from "~/modules/permissions";
import { requireAppRoute } from "~/modules/tenants";

/** Overall compliance a day: passing results over checked results, every policy together. */
function complianceByDay(rows: { day: string; passing: number; failing: number }[]) {
  const days = new Map<string, { passing: number; checked: number }>();
  for (const r of rows) {
    const d = days.get(r.day) ?? { passing: 0, checked: 0 };
    d.passing += r.passing;
    d.checked += r.passing + r.failing;
    days.set(r.day, d);
  }
  return [...days].map(([day, d]) => ({ day, compliance: d.checked ? Math.round((d.passing / d.checked) * 100) : 0 }));
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: "Endpoint Security · Rampart" }];

/** Signed-in and gated by the endpointSecurity feature (pro and up); no teaser stands here. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireAppRoute(request, "/endpoint-security");
  const tenantId = ctx.tenant.id;
  return {
    canManage: can(ctx.tenant.role, "endpoint", "manage"),
    origin: configuredOrigin() ?? new URL(request.url).origin,
    secrets: listEnrollSecrets(tenantId),
    hosts: listHosts(tenantId),
    policies: listPolicies(tenantId),
    history: complianceByDay(policyHistory(tenantId)),
    software: await vulnerableSoftware(tenantId),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireAppRoute(request, "/endpoint-security");
  if (!can(ctx.tenant.role, "endpoint", "manage")) throw forbidden(ENDPOINT_PERMISSION_MESSAGE);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const tenantId = ctx.tenant.id;
  const base = { tenantId, userId: ctx.user.id, ip: clientIp(context) };
  try {
    if (intent === "create-secret") {
      const created = createEnrollSecret(tenantId, ctx.user.id, String(form.get("name") ?? ""));
      audit({ ...base, action: "endpoint.enroll_secret_created", detail: { name: created.name } });
      return Response.json({ intent, secret: created.secret, name: created.name } satisfies EndpointActionData);
    }
    const id = String(form.get("id") ?? "");
    if (intent === "revoke-secret") {
      const done = revokeEnrollSecret(tenantId, id);
      if (done) audit({ ...base, action: "endpoint.enroll_secret_revoked" });
      return Response.json({
        intent,
        message: done
          ? "Enroll secret revoked: devices already enrolled keep reporting."
          : "That secret was already revoked.",
      } satisfies EndpointActionData);
    }
    if (intent === "remove-host") {
      const done = removeHost(tenantId, id);
      if (done) audit({ ...base, action: "endpoint.device_removed" });
      return Response.json({
        intent,
        message: done ? "Device removed: its agent must enrol again to report." : "That device was already removed.",
      } satisfies EndpointActionData);
    }
    return Response.json({ intent, error: "Unknown action.", field: "form" } satisfies EndpointActionData, {
      status: 400,
    });
  } catch (e) {
    const { status, field, message } = domainFieldError(e);
    return Response.json({ intent, error: message, field } satisfies EndpointActionData, { status });
  }
}

export default function EndpointSecurity() {
  return <EndpointPage />;
}
