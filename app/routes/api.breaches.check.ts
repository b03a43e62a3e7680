/**
 * POST /api/breaches/check { email }: the public breach check as JSON
 * (`{ state: "no-data" | "clean" | "exposed", breaches? }`), under the same
 * per-address rate limit as the /breach-check page. The address is hashed to
 * look it up and is neither stored nor logged.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowedHandler } from "~/lib/api.server";
import { badRequest, firstIssue, json, methodNotAllowed, readJsonBody, tooManyRequests } from "~/lib/http.server";
import { LIMITS, rateLimit } from "~/lib/rate-limit.server";
import { clientIp } from "~/lib/request.server";
import { checkEmailPublic } from "~/modules/breach/breach.server";
import { BreachCheckEmailSchema } from "~/modules/breach/validation";

export const loader = methodNotAllowedHandler;

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed();
  const limit = rateLimit(`breachCheck:${clientIp(context)}`, LIMITS.breachCheck.limit, LIMITS.breachCheck.windowMs);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
  const body = await readJsonBody(request);
  const parsed = BreachCheckEmailSchema.safeParse(body && typeof body === "object" ? body : {});
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  return json(checkEmailPublic(parsed.data.email), { headers: { "Cache-Control": "no-store" } });
}
