/** POST /api/incidents/:id/comments — `{ text, corrects? }` (a correction names the timeline entry it corrects). */
import type { ActionFunctionArgs } from "@remix-run/node";
import { onlyGet } from "~/lib/api.server";
import { limitWrites } from "~/lib/api.server";
import { badRequest, firstIssue, json, methodNotAllowed, notFound } from "~/lib/http.server";
import { requireTenantContext } from "~/modules/tenants";
import { incidentApiAccess } from "~/modules/incidents/permissions";
import { addComment, caseExists } from "~/modules/incidents/cases.server";
import { CommentSchema } from "~/modules/incidents/validation";
import { readJsonObject } from "~/lib/http.server";
import { domainErrorResponse } from "~/lib/http.server";

export const loader = onlyGet;

const noStore = { "Cache-Control": "no-store" };

export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await requireTenantContext(request, incidentApiAccess("work"));
  limitWrites(ctx.user.id);
  if (!caseExists(ctx.tenant.id, id)) return notFound();
  const parsed = CommentSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  try {
    const entry = addComment(ctx.tenant.id, id, parsed.data, { userId: ctx.user.id });
    return entry ? json(entry, { status: 201, headers: noStore }) : notFound();
  } catch (error) {
    return domainErrorResponse(error);
  }
}
