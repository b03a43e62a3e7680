/**
 * The contact form's schema and field names, shared by the page and the
 * server. The honeypot is a field people never see (visually hidden,
 * aria-hidden, out of the tab order): only bots fill it in.
 */
import { z } from "zod";

export const HONEYPOT_FIELD = "homepage_check";

export const ContactSchema = z.object({
  name: z
    .string({ error: "Enter your name" })
    .trim()
    .min(1, "Enter your name")
    .max(100, "Keep your name under 100 characters"),
  email: z
    .string({ error: "Enter your e-mail address" })
    .trim()
    .min(1, "Enter your e-mail address")
    .max(254, "That e-mail address is too long")
    .pipe(z.email("Enter a valid e-mail address, like name@example.com")),
  message: z
    .string({ error: "Write a message" })
    .trim()
    .min(10, "Write a message of at least 10 characters")
    .max(5000, "Keep your message under 5,000 characters"),
});

export type ContactInput = z.infer<typeof ContactSchema>;
export type ContactField = keyof ContactInput;
export type ContactFieldErrors = Partial<Record<ContactField, string>>;
