import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { badRequest, firstIssue, json, methodNotAllowed, readJsonBody, domainErrorResponse } from "~/lib/http.server";
import { limitWrites } from "~/lib/api.server";
import { clientIp } from "~/lib/request.server";
import { setSelectedTenant } from "~/modules/accounts/session.server";
import { requireUser } from "~/modules/tenants";
import { createTenant, listTenantsForUser } from "~/modules/tenants/tenants.server";
import { CreateOrganizationSchema } from "~/modules/tenants/validation";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  return json(
    listTenantsForUser(user.id).map(({ tenantId, tenant }) => ({ tenantId, tenant })),
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** POST { name }: 201 { id, name }, selects the new tenant; 400 for an empty name; 403 over the limit. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed();
  const { user, session } = await requireUser(request);
  limitWrites(user.id);
  const body = await readJsonBody(request);
  const parsed = CreateOrganizationSchema.safeParse(body && typeof body === "object" ? body : {});
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  try {
    const created = createTenant(user.id, parsed.data.name, { ip: clientIp(context) });
    setSelectedTenant(session.idHash, created.id);
    return json(created, 201);
  } catch (error) {
    return domainErrorResponse(error);
  }
}
