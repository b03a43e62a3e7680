/**
 * The playbooks API, documented in docs/api.md:
 *   GET  /api/playbooks -> { playbooks: [{ id, name, enabled, trigger: { type, value }, steps, ... }] }
 *   POST /api/playbooks { name, enabled?, trigger: { type, value }, steps: [...] } -> 201 the playbook
 * Bad input is 400 { message, code: "VALIDATION_ERROR" } naming the field.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { can } from "~/modules/permissions";
import { limitWrites } from "~/lib/api.server";
import { badRequest, forbidden, json, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { audit } from "~/modules/audit";
import {
  checkReferences,
  fieldErrors,
  PLAYBOOK_PERMISSION_MESSAGE,
  playbookSchema,
  type PlaybookAction,
} from "~/modules/playbooks";
import {
  countPlaybooks,
  createPlaybook,
  listPlaybooks,
  MAX_PLAYBOOKS,
  playbookView,
} from "~/modules/playbooks/playbooks.server";
import { requireTenantContext } from "~/modules/tenants";

const noStore = { "Cache-Control": "no-store" };

async function context(request: Request, action: PlaybookAction) {
  const ctx = await requireTenantContext(request, { feature: "teamMonitoring", api: true });
  if (!can(ctx.tenant.role, "playbook", action)) throw forbidden(PLAYBOOK_PERMISSION_MESSAGE[action]);
  return ctx;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await context(request, "view");
  return json({ playbooks: listPlaybooks(ctx.tenant.id).map(playbookView) }, { headers: noStore });
}

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await context(request, "manage");
  limitWrites(ctx.user.id);
  const body = await readJsonBody(request);
  if (!body || typeof body !== "object" || Array.isArray(body)) return badRequest("Send a JSON object");
  const parsed = playbookSchema.safeParse(body);
  if (!parsed.success) {
    const [field, message] = Object.entries(fieldErrors(parsed.error))[0]!;
    return badRequest(`${field}: ${message}`);
  }
  const refs = Object.entries(checkReferences(ctx.tenant.id, parsed.data));
  if (refs.length) return badRequest(`${refs[0]![0]}: ${refs[0]![1]}`);
  if (countPlaybooks(ctx.tenant.id) >= MAX_PLAYBOOKS)
    return badRequest(`An organization keeps at most ${MAX_PLAYBOOKS} playbooks`);
  const row = createPlaybook(ctx.tenant.id, parsed.data, ctx.user.id);
  audit({
    action: "playbook.created",
    tenantId: ctx.tenant.id,
    userId: ctx.user.id,
    ip: clientIp(loadContext),
    detail: { playbookId: row.id, name: row.name },
  });
  return json(playbookView(row), { status: 201, headers: { ...noStore, Location: `/api/playbooks/${row.id}` } });
}
