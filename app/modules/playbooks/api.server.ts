/**
 * The playbooks API (route files stay one line each), documented in docs/api.md:
 *   GET  /api/playbooks               -> { playbooks: [{ id, name, enabled, trigger: { type, value }, steps, ... }] }
 *   POST /api/playbooks { name, enabled?, trigger: { type, value }, steps: [...] } -> 201 the playbook
 *   GET  /api/playbooks/:id/runs?limit= -> { runs: [{ id, status, trigger, steps: [{ type, outcome, message }] }] }
 * Bad input is 400 { message, code: "VALIDATION_ERROR" } naming the field.
 */
import { limitWrites } from "~/lib/api.server";
import { badRequest, forbidden, json, methodNotAllowed, notFound, readJsonBody } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { audit } from "~/modules/audit";
import { requireTenantContext } from "~/modules/tenants";
import { can } from "~/modules/permissions";
import { PLAYBOOK_PERMISSION_MESSAGE, type PlaybookAction } from "./permissions";
import {
  countPlaybooks,
  createPlaybook,
  getPlaybook,
  listPlaybooks,
  listRuns,
  MAX_PLAYBOOKS,
  playbookView,
  runView,
} from "./playbooks.server";
import { checkReferences } from "./route.server";
import { fieldErrors, playbookSchema } from "./types";

const noStore = { "Cache-Control": "no-store" };

async function context(request: Request, action: PlaybookAction) {
  const ctx = await requireTenantContext(request, { feature: "teamMonitoring", api: true });
  if (!can(ctx.tenant.role, "playbook", action)) throw forbidden(PLAYBOOK_PERMISSION_MESSAGE[action]);
  return ctx;
}

export async function listPlaybooksApi(request: Request) {
  const ctx = await context(request, "view");
  return json({ playbooks: listPlaybooks(ctx.tenant.id).map(playbookView) }, { headers: noStore });
}

export async function createPlaybookApi(request: Request, loadContext: unknown) {
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

export async function listPlaybookRunsApi(request: Request, id: string) {
  const ctx = await context(request, "view");
  if (!getPlaybook(ctx.tenant.id, id)) return notFound();
  const raw = new URL(request.url).searchParams.get("limit");
  let limit = 50;
  if (raw !== null) {
    limit = Number(raw);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500)
      return badRequest("limit must be an integer from 1 to 500");
  }
  return json({ runs: listRuns(ctx.tenant.id, { playbookId: id, limit }).map(runView) }, { headers: noStore });
}
