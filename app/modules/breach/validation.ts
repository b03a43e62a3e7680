/** Form rules for the breach check and the watchlist, shared by the pages' actions and tests. */
import { z } from "zod";

export const NO_BREACH_DATA =
  "No breach data has been imported yet, so there is nothing to check your address against.";
export const EMAIL_REQUIRED = "Enter an e-mail address";
export const EMAIL_INVALID = "Enter a valid e-mail address, like name@example.com";
export const PASSWORD_REQUIRED = "Enter a password to check";
export const WATCH_REQUIRED = "Enter an e-mail address or a domain";
export const WATCH_INVALID = "Enter an e-mail address (name@example.com) or a domain (example.com)";

export const EmailSchema = z
  .string({ error: EMAIL_REQUIRED })
  .trim()
  .min(1, EMAIL_REQUIRED)
  .max(254, "An e-mail address has at most 254 characters")
  .pipe(z.email(EMAIL_INVALID));

export const BreachCheckEmailSchema = z.object({ email: EmailSchema });

export const BreachCheckPasswordSchema = z.object({
  password: z
    .string({ error: PASSWORD_REQUIRED })
    .min(1, PASSWORD_REQUIRED)
    .max(1024, "A password to check has at most 1,024 characters"),
});

const DOMAIN_RE = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** A watchlist entry: an e-mail address when it holds an @, otherwise a domain (a leading "@" is allowed). */
export const WatchEntrySchema = z.object({
  value: z
    .string({ error: WATCH_REQUIRED })
    .trim()
    .min(1, WATCH_REQUIRED)
    .max(254, WATCH_INVALID)
    .transform((v, ctx) => {
      const raw = v.toLowerCase();
      if (raw.includes("@") && !raw.startsWith("@")) {
        const ok = z.email().safeParse(raw).success;
        if (!ok) ctx.addIssue({ code: "custom", message: WATCH_INVALID });
        return { type: "email" as const, value: raw };
      }
      let domain = raw.replace(/^@/, "").replace(/\.$/, "");
      try {
        domain = new URL(`http://${domain}`).hostname;
      } catch {
        domain = "";
      }
      if (!DOMAIN_RE.test(domain)) ctx.addIssue({ code: "custom", message: WATCH_INVALID });
      return { type: "domain" as const, value: domain };
    }),
});

export const ExposureActionSchema = z.object({
  intent: z.enum(["resolve", "skip", "reopen"]),
  exposureId: z.string().trim().min(1).max(100),
});

export const RemoveIdentitySchema = z.object({ identityId: z.string().trim().min(1).max(100) });

/** Field errors of a zod error, first message per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    if (!out[key]) out[key] = issue.message;
  }
  return out;
}
