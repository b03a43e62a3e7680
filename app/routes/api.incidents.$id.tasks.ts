/** POST /api/incidents/:id/tasks — add a task `{ title, phase?, dueHours? }`. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { onlyGet } from "~/lib/api.server";
import { limitWrites } from "~/lib/api.server";
import { badRequest, firstIssue, json, methodNotAllowed, notFound } from "~/lib/http.server";
import { requireTenantContext } from "~/modules/tenants";
import { incidentApiAccess } from "~/modules/incidents/permissions";
import { addTask, caseExists } from "~/modules/incidents/cases.server";
import { TaskSchema } from "~/modules/incidents/validation";
import { readJsonObject } from "~/lib/http.server";

export const loader = onlyGet;

const noStore = { "Cache-Control": "no-store" };

export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await requireTenantContext(request, incidentApiAccess("work"));
  limitWrites(ctx.user.id);
  if (!caseExists(ctx.tenant.id, id)) return notFound();
  const parsed = TaskSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  const task = addTask(ctx.tenant.id, id, parsed.data, { userId: ctx.user.id });
  return task ? json(task, { status: 201, headers: noStore }) : notFound();
}
