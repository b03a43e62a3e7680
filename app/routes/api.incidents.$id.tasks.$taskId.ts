/** PATCH /api/incidents/:id/tasks/:taskId — `{ status: "open" | "done", title? }`. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { onlyGet } from "~/lib/api.server";
import { limitWrites } from "~/lib/api.server";
import { badRequest, firstIssue, json, methodNotAllowed, notFound } from "~/lib/http.server";
import { requireTenantContext } from "~/modules/tenants";
import { incidentApiAccess } from "~/modules/incidents/permissions";
import { getTask, updateTask } from "~/modules/incidents/cases.server";
import { PatchTaskSchema } from "~/modules/incidents/validation";
import { readJsonObject } from "~/lib/http.server";

export const loader = onlyGet;

const noStore = { "Cache-Control": "no-store" };

export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  const taskId = params.taskId ?? "";
  if (request.method !== "PATCH") throw methodNotAllowed();
  const ctx = await requireTenantContext(request, incidentApiAccess("work"));
  limitWrites(ctx.user.id);
  if (!getTask(ctx.tenant.id, id, taskId)) return notFound();
  const parsed = PatchTaskSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  const task = updateTask(ctx.tenant.id, id, taskId, parsed.data, { userId: ctx.user.id });
  return task ? json(task, { headers: noStore }) : notFound();
}
