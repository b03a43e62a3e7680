/** Sign-up, sign-in and password-change forms: one zod schema each, used on the server and for field errors. */
import { z } from "zod";

export const EmailSchema = z
  .string({ error: "Enter your e-mail address" })
  .trim()
  .min(1, "Enter your e-mail address")
  .max(254, "E-mail address is too long")
  .pipe(z.email("Enter a valid e-mail address"))
  .transform((s) => s.toLowerCase());

// NIST SP 800-63B: at least 8 characters, at most a generous 256, no composition rules.
export const NewPasswordSchema = z
  .string({ error: "Enter a password" })
  .min(8, "Use at least 8 characters (15 or more is better)")
  .max(256, "Use at most 256 characters");

export const LoginSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(1024, "Password is too long"),
  redirectTo: z.string().optional(),
});

export const SignupSchema = z.object({ email: EmailSchema, password: NewPasswordSchema });

export const ChangePasswordSchema = z.object({
  currentPassword: z.string({ error: "Enter your current password" }).min(1, "Enter your current password").max(1024),
  newPassword: NewPasswordSchema,
});

export const INVALID_CREDENTIALS = "Invalid e-mail or password";

export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** What /reset-password says about a link that does not work; rendered in the browser, so not in a .server file. */
export const RESET_INVALID_MESSAGE = "This reset link is invalid, used or expired. Ask for a new one.";
