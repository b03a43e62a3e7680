/**
 * The public breach check's action, without HTTP: rate limit per client
 * address, validate, then look up the e-mail (HMAC) or the password (the
 * password module's range store, the no-JavaScript path). Neither the address
 * nor the password is stored, logged or put in an error message; the
 * password is never returned.
 */
import { LIMITS, rateLimit } from "~/lib/rate-limit.server";
import { checkPasswordBreach, type BreachVerdict } from "~/modules/password/index.server";
import { checkEmailPublic, type PublicCheckResult } from "./breach.server";
import { BreachCheckEmailSchema, BreachCheckPasswordSchema, fieldErrors } from "./validation";

export type BreachCheckOutcome =
  | { kind: "rate-limited"; retryAfterSeconds: number }
  | { kind: "invalid"; intent: "email" | "password"; fieldErrors: Record<string, string> }
  | { kind: "email"; result: PublicCheckResult }
  | { kind: "password"; verdict: BreachVerdict };

export async function runBreachCheck(form: FormData, ip: string): Promise<BreachCheckOutcome> {
  const limit = rateLimit(`breachCheck:${ip}`, LIMITS.breachCheck.limit, LIMITS.breachCheck.windowMs);
  if (!limit.allowed) return { kind: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  if (form.get("intent") === "password") {
    const parsed = BreachCheckPasswordSchema.safeParse({ password: form.get("password") ?? "" });
    if (!parsed.success) return { kind: "invalid", intent: "password", fieldErrors: fieldErrors(parsed.error) };
    return { kind: "password", verdict: await checkPasswordBreach(parsed.data.password) };
  }
  const parsed = BreachCheckEmailSchema.safeParse({ email: form.get("email") ?? "" });
  if (!parsed.success) return { kind: "invalid", intent: "email", fieldErrors: fieldErrors(parsed.error) };
  return { kind: "email", result: checkEmailPublic(parsed.data.email) };
}
