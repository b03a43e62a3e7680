/**
 * Contact messages from the public /contact form: validated with the shared
 * zod schema, filtered by a honeypot, limited to 5 an hour per client address
 * (LIMITS.contact) and stored in contact_messages for operators, who list
 * them with `npm run admin -- messages`.
 */
import { randomUUID } from "node:crypto";
import { desc } from "drizzle-orm";
import { contactMessages } from "./schema";
import { db } from "~/lib/db.server";
import { LIMITS, rateLimit } from "~/lib/rate-limit.server";
import { ContactSchema, HONEYPOT_FIELD, type ContactField, type ContactFieldErrors } from "./contact";

export type ContactValues = Record<ContactField, string>;

export type ContactResult =
  | { status: "sent" }
  | { status: "invalid"; fieldErrors: ContactFieldErrors; values: ContactValues }
  | { status: "rate-limited"; retryAfterSeconds: number; values: ContactValues };

const text = (form: FormData, key: string) => {
  const v = form.get(key);
  return typeof v === "string" ? v : "";
};

export function submitContactMessage(form: FormData, ip: string, now = Date.now()): ContactResult {
  const values: ContactValues = {
    name: text(form, "name").slice(0, 200),
    email: text(form, "email").slice(0, 300),
    message: text(form, "message").slice(0, 6000),
  };
  // A bot filled the hidden field: answer as if it worked, so it learns nothing, and keep nothing.
  if (text(form, HONEYPOT_FIELD).trim() !== "") return { status: "sent" };

  const parsed = ContactSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: ContactFieldErrors = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as ContactField;
      fieldErrors[key] ??= issue.message;
    }
    return { status: "invalid", fieldErrors, values };
  }

  const limit = rateLimit(`contact:${ip}`, LIMITS.contact.limit, LIMITS.contact.windowMs, now);
  if (!limit.allowed) return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds, values };

  db.insert(contactMessages)
    .values({ id: randomUUID(), ...parsed.data, ip: ip === "unknown" ? null : ip, createdAt: now })
    .run();
  return { status: "sent" };
}

export type ContactMessage = {
  id: string;
  name: string;
  email: string;
  message: string;
  ip: string | null;
  createdAt: number;
};

/** Every stored message, newest first (operators only: never exposed on a page). */
export function listContactMessages(opts: { limit?: number } = {}): ContactMessage[] {
  const query = db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt));
  return (opts.limit ? query.limit(opts.limit) : query).all();
}
