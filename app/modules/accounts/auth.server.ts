/**
 * Sign-in through remix-auth's FormStrategy. remix-auth v4 leaves sessions to
 * the app: the verified user goes into our own server-side session row
 * (session.server.ts). The verify step validates the form with zod, reserves
 * the attempt against the brute-force limits and answers one message for a wrong e-mail or a
 * wrong password.
 */
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { fieldErrors, LoginSchema, INVALID_CREDENTIALS, type FieldErrors } from "./validation";
import { purgeOldAttempts, releaseAttempt, reserveAttempt, verifyLogin } from "./accounts.server";
import { audit } from "~/modules/audit";
import type { SessionUser } from "./session.server";

export class LoginFailure extends Error {
  constructor(
    readonly status: 400 | 401 | 429,
    readonly fields: FieldErrors,
    readonly retryAfterSeconds?: number,
    readonly email?: string,
  ) {
    super(fields.form ?? "Sign-in failed");
  }
}

export type LoginResult = SessionUser & { redirectTo?: string };

export function createAuthenticator(ipOf: (request: Request) => string) {
  const authenticator = new Authenticator<LoginResult>();
  authenticator.use(
    new FormStrategy<LoginResult>(async ({ form, request }) => {
      const parsed = LoginSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw new LoginFailure(400, fieldErrors(parsed.error));
      const { email, password, redirectTo } = parsed.data;
      const ip = ipOf(request);
      // Reserved before scrypt runs, in one statement: concurrent attempts cannot overrun the limit.
      const attempt = reserveAttempt(email.trim().toLowerCase(), ip);
      if (!attempt.reserved) {
        throw new LoginFailure(429, { form: "Too many requests" }, attempt.retryAfterSeconds, email);
      }
      const user = await verifyLogin(email, password);
      if (!user) {
        purgeOldAttempts();
        audit({ action: "auth.login_failed", ip, detail: { email } });
        throw new LoginFailure(401, { form: INVALID_CREDENTIALS }, undefined, email);
      }
      releaseAttempt(attempt.id);
      return { ...user, redirectTo };
    }),
    "form",
  );
  return authenticator;
}
