/** PATCH /api/incidents/:id/tasks/:taskId — `{ status: "open" | "done", title? }`. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { onlyGet } from "~/lib/api.server";
import { limitWrites } from "~/lib/api.server";
import { badRequest, firstIssue, forbidden, json, methodNotAllowed, notFound } from "~/lib/http.server";
import { requireTenantContext } from "~/modules/tenants";
import { getTask, updateTask } from "~/modules/incidents/cases.server";
import { can } from "~/modules/permissions";
import { PERMISSION_MESSAGE, type IncidentAction } from "~/modules/incidents/permissions";
import { PatchTaskSchema } from "~/modules/incidents/validation";
import { readJsonObject } from "~/lib/http.server";

export const loader = onlyGet;

const noStore = { "Cache-Control": "no-store" };

async function context(request: Request, action: IncidentAction) {
  const ctx = await requireTenantContext(request, { feature: "incidentResponse", api: true });
  if (!can(ctx.tenant.role, "incident", action)) throw forbidden(PERMISSION_MESSAGE[action]);
  return ctx;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  const taskId = params.taskId ?? "";
  if (request.method !== "PATCH") throw methodNotAllowed();
  const ctx = await context(request, "work");
  limitWrites(ctx.user.id);
  if (!getTask(ctx.tenant.id, id, taskId)) return notFound();
  const parsed = PatchTaskSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  const task = updateTask(ctx.tenant.id, id, taskId, parsed.data, { userId: ctx.user.id });
  return task ? json(task, { headers: noStore }) : notFound();
}
