/**
 * GET /api/sso — the organization's OpenID Connect connection `{ issuer, clientId, domains, redirectUri, enforced }`
 * (404 when none); PUT /api/sso — `{ issuer, clientId, clientSecret, domains, defaultRole, groupsClaim?, roleMap? }`
 * saves it after discovery (400 naming what failed); DELETE /api/sso removes it. Owners and admins, plans with
 * single sign-on (issue 33). The client secret is never returned. An API token (read scope) may GET when the person
 * who made it may still manage single sign-on; writes need a session (tokens carry no write scope for this).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { limitWrites } from "~/lib/api.server";
import {
  badRequest,
  domainErrorResponse,
  firstIssue,
  forbidden,
  json,
  methodNotAllowed,
  notFound,
  readJsonBody,
} from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { allows } from "~/modules/permissions";
import {
  CONFIGURE_SSO_DENIED,
  getSsoConnection,
  removeSsoConnection,
  saveSsoConnection,
  SsoConfigSchema,
  type SsoView,
} from "~/modules/sso";
import { memberRole, requireTenantContext } from "~/modules/tenants";

const shape = (v: SsoView) => ({
  issuer: v.issuer,
  clientId: v.clientId,
  domains: v.domains,
  redirectUri: v.redirectUri,
  enforced: v.enforced,
  defaultRole: v.defaultRole,
  groupsClaim: v.groupsClaim,
  roleMap: v.roleMap,
});

async function context(request: Request) {
  const ctx = await requireTenantContext(request, { feature: "ssoSupport", api: true });
  // A token acts as a viewer; for this read it counts as its creator while the creator may still manage SSO.
  const role = ctx.token ? memberRole(ctx.tenant.id, ctx.user.id) : ctx.tenant.role;
  if (!role || !allows(role, ["sso", "configure"])) throw forbidden(CONFIGURE_SSO_DENIED);
  return ctx;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await context(request);
  try {
    const view = getSsoConnection(ctx.tenant.id, request.url);
    return view ? json(shape(view)) : notFound();
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export async function action({ request, context: serverContext }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") throw methodNotAllowed();
  const ctx = await context(request);
  limitWrites(ctx.user.id);
  const actor = { userId: ctx.user.id, ip: clientIp(serverContext) };
  if (request.method === "DELETE") {
    return removeSsoConnection(ctx.tenant.id, actor) ? new Response(null, { status: 204 }) : notFound();
  }
  const parsed = SsoConfigSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  try {
    return json(shape(await saveSsoConnection(ctx.tenant.id, actor, parsed.data, request.url)));
  } catch (error) {
    return domainErrorResponse(error);
  }
}
