/**
 * POST /api/passkeys/sign-in — password-free sign-in with a passkey (issue 33): `{ step: "options" }` →
 * `{ challengeId, options }` for navigator.credentials.get, then `{ step: "verify", challengeId, response,
 * redirectTo? }` → `{ redirectTo }` with a new session cookie. User verification is required, so a passkey is both
 * factors and the session is complete. Limited per client address like password attempts.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { methodNotAllowedHandler } from "~/lib/api.server";
import {
  badRequest,
  domainErrorResponse,
  firstIssue,
  forbidden,
  json,
  methodNotAllowed,
  readJsonBody,
  tooManyRequests,
} from "~/lib/http.server";
import { rateLimit } from "~/lib/rate-limit.server";
import { clientIp } from "~/lib/request.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { createSession, endSession } from "~/modules/accounts/session.server";
import { getUserById } from "~/modules/accounts";
import { audit } from "~/modules/audit";
import { localSignInRefusal, passkeySignInOptions, verifyPasskeySignIn } from "~/modules/sso";
import { listTenantsForUser } from "~/modules/tenants";

// Per client address: enough for a household behind one address, far too few to grind at anything.
const SIGN_IN_LIMIT = { limit: 30, windowMs: 15 * 60 * 1000 };

const Body = z.discriminatedUnion("step", [
  z.object({ step: z.literal("options") }),
  z.object({
    step: z.literal("verify"),
    challengeId: z.string().uuid("challengeId is the id the options step answered"),
    response: z.record(z.string(), z.unknown(), { error: "response is the browser's credential as JSON" }),
    redirectTo: z.string().max(2000).optional(),
  }),
]);

export const loader = methodNotAllowedHandler;

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed();
  const ip = clientIp(context);
  const limited = rateLimit(`passkey-sign-in:${ip}`, SIGN_IN_LIMIT.limit, SIGN_IN_LIMIT.windowMs);
  if (!limited.allowed) return tooManyRequests(limited.retryAfterSeconds);
  const parsed = Body.safeParse(await readJsonBody(request));
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  try {
    if (parsed.data.step === "options")
      return json(await passkeySignInOptions(request.url), { headers: { "Cache-Control": "no-store" } });
    const { userId } = await verifyPasskeySignIn(parsed.data, request.url);
    const user = getUserById(userId);
    if (!user) return forbidden();
    const refusal = localSignInRefusal(user);
    if (refusal) return forbidden(refusal);
    const first = listTenantsForUser(user.id)[0];
    const headers = new Headers({ "Cache-Control": "no-store" });
    headers.append("Set-Cookie", await endSession(request));
    headers.append(
      "Set-Cookie",
      await createSession(request, user.id, { selectedTenantId: first?.tenantId ?? null, ip }),
    );
    audit({
      action: "auth.login",
      userId: user.id,
      tenantId: first?.tenantId ?? null,
      ip,
      detail: { method: "passkey" },
    });
    return json({ redirectTo: safeRedirectPath(parsed.data.redirectTo) }, { headers });
  } catch (error) {
    if (parsed.data.step === "verify") audit({ action: "auth.login_failed", ip, detail: { method: "passkey" } });
    return domainErrorResponse(error);
  }
}
