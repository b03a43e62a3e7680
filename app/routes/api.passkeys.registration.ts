/**
 * POST /api/passkeys/registration — the signed-in person adds a passkey (issue 33), in two steps the page's script
 * makes: `{ step: "options" }` → `{ challengeId, options }` for navigator.credentials.create, then
 * `{ step: "verify", challengeId, response, name }` → 201 `{ id, name, createdAt }`. The person's own credential:
 * no organization role is involved.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { limitWrites, methodNotAllowedHandler } from "~/lib/api.server";
import { badRequest, domainErrorResponse, firstIssue, json, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { passkeyRegistrationOptions, registerPasskey } from "~/modules/sso";
import { requireUser } from "~/modules/tenants";

const Body = z.discriminatedUnion("step", [
  z.object({ step: z.literal("options") }),
  z.object({
    step: z.literal("verify"),
    challengeId: z.string().uuid("challengeId is the id the options step answered"),
    response: z.record(z.string(), z.unknown(), { error: "response is the browser's credential as JSON" }),
    name: z.string().max(200),
  }),
]);

export const loader = methodNotAllowedHandler;

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed();
  const { user } = await requireUser(request, { api: true });
  limitWrites(user.id);
  const parsed = Body.safeParse(await readJsonBody(request));
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  try {
    if (parsed.data.step === "options")
      return json(await passkeyRegistrationOptions(user, request.url), { headers: { "Cache-Control": "no-store" } });
    const passkey = await registerPasskey(user, parsed.data, request.url, clientIp(context));
    return json(passkey, 201);
  } catch (error) {
    return domainErrorResponse(error);
  }
}
